/**
 * The experiments a predict-run-explain question may run, each declared here under an id and
 * referenced from MDX by that id. Modeled ones ask the cost engine for two timings to compare;
 * measured ones run on the learner's own hardware, from src/experiments, loaded only when run.
 */
import { predictScenario } from '../../engine/models';
import type { ExperimentResult } from '../../experiments/experiment-result';

export type { ExperimentResult, ExperimentSide } from '../../experiments/experiment-result';

interface Experiment {
  title: string;
  a: { label: string; scenario: Record<string, unknown> };
  b: { label: string; scenario: Record<string, unknown> };
}

const GIB = 1073741824;

const EXPERIMENTS = {
  'pinned-vs-pageable': {
    title: '1 GiB host-to-device copy over PCIe 4.0 x16',
    a: { label: 'pinned', scenario: { op: 'h2d', link: 'pcie4', bytes: GIB, pinned: true } },
    b: { label: 'pageable', scenario: { op: 'h2d', link: 'pcie4', bytes: GIB, pinned: false } },
  },
  'small-vs-large-matmul': {
    title: 'matmul on an A100 in float16: 64×64×64 versus 4096×4096×4096',
    a: {
      label: '64×64×64',
      scenario: { op: 'matmul', gpu: 'a100-sxm-80gb', m: 64, n: 64, k: 64, dtype: 'fp16' },
    },
    b: {
      label: '4096×4096×4096',
      scenario: { op: 'matmul', gpu: 'a100-sxm-80gb', m: 4096, n: 4096, k: 4096, dtype: 'fp16' },
    },
  },
} satisfies Record<string, Experiment>;

/** The id of an experiment the cost engine answers. */
export type ModeledExperimentId = keyof typeof EXPERIMENTS;

/** The experiments measured on the learner's own hardware. */
export const MEASURED_EXPERIMENTS = {
  'relu-gpu-vs-cpu':
    'ReLU over 4 Mi float32 values: your GPU (WebGPU) against every core of your CPU (Web Workers)',
} as const;

/** The id of an experiment measured on the learner's hardware. */
export type MeasuredExperimentId = keyof typeof MEASURED_EXPERIMENTS;

/** How each measured experiment runs: its module, loaded on first use (it pulls in WebGPU). */
const MEASURED_RUNNERS: Record<
  MeasuredExperimentId,
  () => Promise<(signal?: AbortSignal) => Promise<ExperimentResult>>
> = {
  'relu-gpu-vs-cpu': () =>
    import('../../experiments/relu-gpu-vs-cpu').then((m) => m.runReluGpuVsCpu),
};

/** The id of a declared experiment. */
export type ExperimentId = ModeledExperimentId | MeasuredExperimentId;

/** Every declared experiment id. */
export const EXPERIMENT_IDS = [
  ...Object.keys(EXPERIMENTS),
  ...Object.keys(MEASURED_EXPERIMENTS),
] as ExperimentId[];

/** Whether an experiment runs on the learner's hardware rather than in the engine. */
export function isMeasuredExperiment(id: ExperimentId): id is MeasuredExperimentId {
  return id in MEASURED_EXPERIMENTS;
}

/** Whether a string names a declared experiment. */
export function isExperimentId(id: unknown): id is ExperimentId {
  return typeof id === 'string' && (EXPERIMENT_IDS as string[]).includes(id);
}

/** The experiment's one-line title. */
export function experimentTitle(id: ExperimentId): string {
  return isMeasuredExperiment(id) ? MEASURED_EXPERIMENTS[id] : EXPERIMENTS[id].title;
}

/** Runs a modeled experiment through the cost engine. */
export function runModeledExperiment(id: ModeledExperimentId): ExperimentResult {
  const e: Experiment = EXPERIMENTS[id];
  const a = { label: e.a.label, seconds: predictScenario(e.a.scenario).seconds };
  const b = { label: e.b.label, seconds: predictScenario(e.b.scenario).seconds };
  return {
    a,
    b,
    ratioBOverA: b.seconds / a.seconds,
    source: 'modeled by the cost engine from the hardware catalog',
  };
}

/** Runs a measured experiment on the learner's hardware; rejects with a readable Error. */
export async function runMeasuredExperiment(
  id: MeasuredExperimentId,
  signal?: AbortSignal,
): Promise<ExperimentResult> {
  const run = await MEASURED_RUNNERS[id]();
  return run(signal);
}
