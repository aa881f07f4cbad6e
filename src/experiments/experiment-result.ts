/**
 * What a predict-run-explain experiment shows, whether the cost engine answered it or it was
 * measured on the learner's own hardware: two timings, their ratio, and where they came from.
 */

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
