/** A modeled lane's prediction from the cost engine: the race's job as a batch of tasks. Pure. */
import { predictTaskBatch } from '../../engine/models';
import { RACE_OPS_PER_ITERATION, type RaceJob } from '../../compute/race-reference';
import type { ModeledRun } from './race-types';

/** What the cost engine predicts for `job` on the catalog CPU or GPU `hardwareId`. */
export function predictRace(hardwareId: string, job: RaceJob): ModeledRun {
  const p = predictTaskBatch({
    hardwareId,
    taskCount: job.tasks,
    opsPerTask: job.iterations * RACE_OPS_PER_ITERATION,
    serialOps: job.serialIterations * RACE_OPS_PER_ITERATION,
  });
  return {
    seconds: p.seconds,
    parallelUnits: p.parallelUnits,
    waves: p.waves,
    fixedSeconds: p.overheadSeconds,
    serialSeconds: p.serialSeconds,
  };
}
