/**
 * What each change buys: the same step run eagerly, compiled or as CUDA graphs, with PyTorch's
 * default foreach optimizer or `fused=True`, each predicted by the engine through the profile's
 * port and set against the step as it is now. Pure.
 */
import { EXECUTION_MODES, type ExecutionMode, type StepPrediction } from '../../engine/models';
import type { ProfileRequest } from './engine-port';

/** One way to run the step. */
export interface ChangeOption {
  execution: ExecutionMode;
  /** `fused=True` on the optimizer (always false at inference). */
  fused: boolean;
}

/** One row of the comparison. */
export interface ChangeRow extends ChangeOption {
  /** Whether this is the step as the settings describe it. */
  current: boolean;
  /** The predicted step, or null when the engine refused it. */
  seconds: number | null;
  bound: 'host' | 'gpu' | null;
  /** The current step's seconds over this one's (above 1: faster). */
  speedup: number | null;
}

/** An option's short name, as the table marks its cell: `compiled`, `compiled+fused`. */
export function changeKey(option: ChangeOption): string {
  return `${option.execution}${option.fused ? '+fused' : ''}`;
}

/** The ways to run a step: every execution mode, each with and without fusing when training. */
export function changeOptions(mode: ProfileRequest['mode']): ChangeOption[] {
  const fusedChoices = mode === 'train' ? [false, true] : [false];
  return EXECUTION_MODES.flatMap((execution) =>
    fusedChoices.map((fused) => ({ execution, fused })),
  );
}

/** Whether an option is the request's own setting. */
function isCurrent(option: ChangeOption, request: ProfileRequest): boolean {
  return option.execution === request.execution && option.fused === request.fusedOptimizer;
}

/**
 * Every option's step time and speedup against `current` (the request's own step, already
 * predicted); `stepOf` predicts the others, and an option it refuses gets no time.
 */
export function changeRows(
  request: ProfileRequest,
  current: StepPrediction,
  stepOf: (request: ProfileRequest) => StepPrediction,
): ChangeRow[] {
  return changeOptions(request.mode).map((option) => {
    const here = isCurrent(option, request);
    let step: StepPrediction | null = current;
    if (!here) {
      try {
        step = stepOf({ ...request, execution: option.execution, fusedOptimizer: option.fused });
      } catch {
        step = null;
      }
    }
    return {
      ...option,
      current: here,
      seconds: step?.seconds ?? null,
      bound: step?.bound ?? null,
      speedup: step && step.seconds > 0 ? current.seconds / step.seconds : null,
    };
  });
}
