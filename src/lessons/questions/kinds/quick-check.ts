import { checkChoices } from './checks.ts';
import { defineQuestionKind } from './types.ts';

/** `<QuickCheck>` with `<Choice>`s: one right answer, or several with `multiple`. */
export const quickCheck = defineQuestionKind({
  tag: 'QuickCheck',
  noun: 'quick check',
  kinds: { single: 'choice', multiple: 'choice' },
  markers: ['Choice'],
  placeholderRows: (_props, count) => count('Choice'),
  check(element, context) {
    if (typeof element.prop('question').value !== 'string') {
      context.report('<QuickCheck> needs a question="..."');
    }
    checkChoices(element, context, element.prop('multiple').present);
  },
});
