import { requireText } from './checks.ts';
import { defineQuestionKind, type QuestionCheckContext, type QuestionElement } from './types.ts';

/**
 * `<NumericCheck scenario={{…}} field unit tolerance>`: the build computes the answer from one
 * `npm run predict` scenario with the engine and adds it as `resolvedAnswer` props.
 */
export const numericCheck = defineQuestionKind({
  tag: 'NumericCheck',
  noun: 'numeric question',
  kinds: { numeric: 'numeric' },
  markers: [],
  placeholderRows: () => 1,
  check(element, context) {
    requireText(element, context, 'question');
    requireText(element, context, 'explanation');
    checkScenario(element, context);
  },
});

function checkScenario(element: QuestionElement, { resolver, report }: QuestionCheckContext) {
  const scenario = element.prop('scenario');
  const field = element.prop('field').value;
  const unit = element.prop('unit').value;
  const tolerance = element.prop('tolerance').value;
  if (!scenario.present || !scenario.literal) {
    return report(
      '<NumericCheck> needs scenario={{ … }}: one `npm run predict` scenario, written as a literal',
    );
  }
  if (typeof field !== 'string')
    return report('<NumericCheck> needs field="seconds" (or another answer field)');
  if (typeof unit !== 'string') return report('<NumericCheck> needs unit="…" (ms, GB, …)');
  if (typeof tolerance !== 'number' || !(tolerance > 0 && tolerance < 1)) {
    return report(
      '<NumericCheck> needs tolerance={…}: a fraction between 0 and 1, e.g. tolerance={0.1} for ±10 %',
    );
  }
  const explanation = element.prop('explanation').value;
  if (typeof explanation === 'string' && !explanation.includes('{answer}')) {
    report('<NumericCheck> explanation= must show the computed answer with {answer}');
  }
  try {
    const answer = resolver.computeNumericAnswer(scenario.value, field, unit);
    element.addProp('resolvedAnswer', String(answer.value));
    element.addProp('resolvedAnswerText', answer.text);
  } catch (e) {
    report(`<NumericCheck>: ${e instanceof Error ? e.message : String(e)}`);
  }
}
