/**
 * The scenario format behind `npm run predict`: a JSON array of requests, each answered with a
 * predicted time in seconds (and a memory figure where it has one) or an error, in the same
 * order. Kernels and copies are answered here, whole networks in scenarios-network.ts. See
 * docs/cost-engine.md.
 */
import {
  copyDescriptor,
  elementwiseDescriptor,
  matmulDescriptor,
  PRECISIONS,
  type Precision,
} from './descriptor';
import { predictKernel } from './kernel';
import { TRANSFER_DIRECTIONS } from '../catalog/links';
import { describeValue as describe, num, optionalStr, str } from './scenario-fields';
import {
  answerNetworkScenario,
  NETWORK_SCENARIO_OPS,
  type NetworkScenarioOp,
  type ScenarioAnswer,
} from './scenarios-network';
import { answerParallelScenario, type ParallelAnswer } from './scenarios-parallel';
import { answerServingScenario, type ServingAnswer } from './scenarios-serving';
import { predictTransfer } from './transfer';
import { requireOneOf } from './validate';

export type { ScenarioAnswer } from './scenarios-network';

/** A scenario id as given in the input, or null when it was missing or not a string/number. */
export type ScenarioId = string | number | null;

/** One answer: a time (with a memory figure where the op has one), or the reason there is none. */
export type ScenarioResult =
  | ({ id: ScenarioId } & ScenarioAnswer)
  | ({ id: ScenarioId } & ServingAnswer)
  | ({ id: ScenarioId } & ParallelAnswer)
  | { id: ScenarioId; error: string };

/** The outcome of a whole file: answers and exit code 0/2, or a file-level error. */
export type ScenarioRun =
  | { ok: true; results: ScenarioResult[]; exitCode: 0 | 2 }
  | { ok: false; message: string; exitCode: 2 };

/** The operations a scenario may ask about. */
export const SCENARIO_OPS = [
  'matmul',
  'copy',
  'elementwise',
  'h2d',
  'd2h',
  ...NETWORK_SCENARIO_OPS,
  'serve',
  'parallel-step',
] as const;

/**
 * Answers every scenario in `json` (already parsed). Exit code 2 when any scenario failed or
 * when `json` is not an array; one bad scenario does not stop the others.
 */
export function runScenarios(json: unknown): ScenarioRun {
  if (!Array.isArray(json)) {
    return {
      ok: false,
      message: `expected a JSON array of scenarios, got ${describe(json)}`,
      exitCode: 2,
    };
  }
  const results = json.map((scenario, index) => answer(scenario, index));
  const failed = results.some((r) => 'error' in r);
  return { ok: true, results, exitCode: failed ? 2 : 0 };
}

/** The answer to one scenario object; throws an Error naming what is wrong. */
export function predictScenario(scenario: Record<string, unknown>): ScenarioAnswer {
  const op = scenario.op;
  requireOneOf('op', op, SCENARIO_OPS);
  if ((NETWORK_SCENARIO_OPS as readonly string[]).includes(op)) {
    return answerNetworkScenario(op as NetworkScenarioOp, scenario);
  }
  if (op === 'serve' || op === 'parallel-step') {
    throw new RangeError(`op "${op}" answers with more than seconds: use runScenarios`);
  }
  return { seconds: kernelOrCopySeconds(op, scenario) };
}

/** Predicted seconds of a kernel or a host-device copy. */
function kernelOrCopySeconds(op: string, scenario: Record<string, unknown>): number {
  switch (op) {
    case 'matmul': {
      const descriptor = matmulDescriptor(
        num(scenario, 'm'),
        num(scenario, 'n'),
        num(scenario, 'k'),
        precision(scenario, 'dtype'),
      );
      return predictKernel(str(scenario, 'gpu'), descriptor).seconds;
    }
    case 'copy':
      return predictKernel(str(scenario, 'gpu'), copyDescriptor(num(scenario, 'bytes'))).seconds;
    case 'elementwise': {
      const descriptor = elementwiseDescriptor(
        num(scenario, 'elements'),
        precision(scenario, 'dtype'),
        num(scenario, 'flopsPerElement'),
      );
      return predictKernel(str(scenario, 'gpu'), descriptor).seconds;
    }
    case 'h2d':
    case 'd2h': {
      requireOneOf('op', op, TRANSFER_DIRECTIONS);
      const pinned = scenario.pinned;
      if (typeof pinned !== 'boolean') {
        throw new RangeError(`pinned must be true or false, got ${describe(pinned)}`);
      }
      return predictTransfer({
        gpu: optionalStr(scenario, 'gpu'),
        link: optionalStr(scenario, 'link'),
        bytes: num(scenario, 'bytes'),
        direction: op,
        pinned,
      }).seconds;
    }
    default:
      throw new RangeError(`op "${op}" is not a kernel or a copy`);
  }
}

function answer(scenario: unknown, index: number): ScenarioResult {
  if (typeof scenario !== 'object' || scenario === null || Array.isArray(scenario)) {
    return { id: null, error: `scenario ${index} must be an object, got ${describe(scenario)}` };
  }
  const record = scenario as Record<string, unknown>;
  const rawId = record.id;
  const id: ScenarioId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (id === null) {
    return {
      id,
      error: `scenario ${index} needs an "id" (string or number), got ${describe(rawId)}`,
    };
  }
  try {
    if (record.op === 'serve') return { id, ...answerServingScenario(record) };
    if (record.op === 'parallel-step') return { id, ...answerParallelScenario(record) };
    return { id, ...predictScenario(record) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

function precision(scenario: Record<string, unknown>, key: string): Precision {
  const value = scenario[key];
  requireOneOf(key, value, PRECISIONS);
  return value;
}
