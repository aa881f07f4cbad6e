import { requireText } from './checks.ts';
import { defineQuestionKind } from './types.ts';

/** `<OrderCheck>` with `<Step>`s written in the right order (shown shuffled). */
export const orderCheck = defineQuestionKind({
  tag: 'OrderCheck',
  noun: 'order question',
  kinds: { order: 'sequencing' },
  markers: ['Step'],
  placeholderRows: (_props, count) => count('Step'),
  check(element, context) {
    requireText(element, context, 'question');
    requireText(element, context, 'explanation');
    const steps = element.descendants('Step').length;
    if (steps < 3) {
      context.report(
        `<OrderCheck> needs at least three <Step>s, written in the right order (found ${steps})`,
      );
    }
  },
});
