/**
 * The worked answer of a numeric question, computed by the cost engine from one `npm run
 * predict` scenario. Run at build time by the lesson check (scripts/remark-lesson-check.ts).
 */
import { predictScenario } from '../../engine/models';
import { FIELD_FAMILIES, formatInUnit, fromSi, unitFamily, QUESTION_UNITS } from './numeric';

/** The answer in the question's unit, and the text shown for it. */
export interface NumericAnswer {
  value: number;
  text: string;
}

/** Computes a numeric question's answer; throws an Error saying what is wrong with the request. */
export function computeNumericAnswer(
  scenario: unknown,
  field: string,
  unit: string,
): NumericAnswer {
  if (typeof scenario !== 'object' || scenario === null || Array.isArray(scenario)) {
    throw new Error('scenario= must be one scenario object, e.g. scenario={{ "op": "h2d", … }}');
  }
  const family = FIELD_FAMILIES[field];
  if (!family) throw new Error(`field= must be one of ${Object.keys(FIELD_FAMILIES).join(', ')}`);
  const unitKind = unitFamily(unit);
  if (unitKind === undefined)
    throw new Error(`unit="${unit}" is unknown (known: ${QUESTION_UNITS.join(', ')})`);
  if (unitKind !== family && !(family === 'count' && unitKind === 'count')) {
    throw new Error(`unit="${unit}" measures a ${unitKind}, but field "${field}" is a ${family}`);
  }
  const answer = predictScenario(scenario as Record<string, unknown>) as unknown as Record<
    string,
    unknown
  >;
  const si = answer[field];
  if (typeof si !== 'number' || !Number.isFinite(si)) {
    throw new Error(`this scenario's answer has no number "${field}"`);
  }
  const value = fromSi(si, unit);
  return { value, text: formatInUnit(value, unit) };
}
