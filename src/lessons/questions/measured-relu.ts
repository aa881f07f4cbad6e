/**
 * The path PredictCheck (src/lessons/blocks) loads the measured experiment by. The experiment
 * itself lives in src/experiments/relu-gpu-vs-cpu.ts; this module only forwards to
 * runMeasuredExperiment, and goes away once PredictCheck calls that directly.
 */
import { runMeasuredExperiment, type ExperimentResult } from './experiments';

/** Runs the ReLU GPU-vs-CPU experiment (see src/experiments/relu-gpu-vs-cpu.ts). */
export function runMeasuredRelu(signal?: AbortSignal): Promise<ExperimentResult> {
  return runMeasuredExperiment('relu-gpu-vs-cpu', signal);
}
