/**
 * The experiments a predict-run-explain question may run, each declared here under an id and
 * referenced from MDX by that id. Modeled ones ask the cost engine for two timings to compare;
 * the measured one (relu-gpu-vs-cpu) runs on the learner's own hardware, see measured-relu.ts.
 */
import { predictScenario } from '../../engine/models';

/** One side of an experiment's comparison. */
export interface ExperimentSide {
  label: string;
  seconds: number;
}

/** What running an experiment shows: two timings, the ratio, and where they came from. */
export interface ExperimentResult {
  a: ExperimentSide;
  b: ExperimentSide;
  /** How many times longer b takes than a. */
  ratioBOverA: number;
  source: string;
  /** What a real datacenter GPU would show, from the engine, when the run was on a fallback. */
  realGpuNote?: string;
}

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
