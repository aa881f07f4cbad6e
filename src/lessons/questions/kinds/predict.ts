import { checkChoices, requireText } from './checks.ts';
import { defineQuestionKind } from './types.ts';

/**
 * `<PredictCheck experiment="…">` with `<Choice>` predictions: lock in a guess, then Run the
 * declared experiment (src/lessons/questions/experiments.ts) and see both.
 */
export const predictCheck = defineQuestionKind({
  tag: 'PredictCheck',
  noun: 'predict-run-explain question',
  kinds: { predict: 'choice' },
  markers: ['Choice'],
  // The choices, and the row the result takes.
  placeholderRows: (_props, count) => count('Choice') + 1,
  check(element, context) {
    requireText(element, context, 'question');
    requireText(element, context, 'explanation');
    const experiment = element.prop('experiment').value;
    const ids: readonly string[] = context.resolver.EXPERIMENT_IDS;
    if (typeof experiment !== 'string' || !ids.includes(experiment)) {
      context.report(`<PredictCheck> experiment= must be one of ${ids.join(', ')}`);
    }
    checkChoices(element, context, false);
  },
});
