/**
 * The CPU-vs-GPU race kernel's sizes, descriptors and the plan of its batch. What it computes,
 * and the CPU reference it is checked against, are in src/compute/race-reference.ts (the CPU
 * workers run the same code); the WGSL twin in race.wgsl computes the same u32 values bit for
 * bit.
 */
import type { KernelDescriptor } from '../../../engine/models';
import { gridForItems } from '../../../compute/dispatch';
import {
  RACE_OPS_PER_ITERATION,
  validateRaceJob,
  type RaceJob,
} from '../../../compute/race-reference';
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION, type KernelPlan } from '../../kernel-plan';

/** Bytes one task writes to memory: its single u32 result. */
export const RACE_BYTES_PER_TASK = 4;

/** Invocations per workgroup the race kernel is built with (its `WORKGROUP_SIZE` override). */
export const RACE_WORKGROUP_SIZE = 64;

/**
 * The batch as the cost engine sees it: `tasks` chains of `iterations` steps, one per thread in
 * workgroups of RACE_WORKGROUP_SIZE. The steps are u32 integer ops, counted in `flops` one op
 * each (a GPU issues them on the same lanes as FP32 math, so 'fp32' is the nearest precision).
 * The kernel reads no per-task data and writes one u32 per task.
 */
export function raceDescriptor(tasks: number, iterations: number): KernelDescriptor {
  validateRaceJob({ tasks, iterations, serialIterations: 0 });
  const bytesWritten = tasks * RACE_BYTES_PER_TASK;
  const descriptor: KernelDescriptor = {
    name: `race ${tasks} tasks x ${iterations} steps`,
    kind: 'other',
    precision: 'fp32',
    bytesRead: 0,
    bytesWritten,
    flops: tasks * iterations * RACE_OPS_PER_ITERATION,
    threadsPerBlock: RACE_WORKGROUP_SIZE,
    footprintBytes: bytesWritten,
  };
  if (tasks > 0) descriptor.blocks = Math.ceil(tasks / RACE_WORKGROUP_SIZE);
  return descriptor;
}

/** The serial stage as the cost engine sees it: one thread running one chain. */
export function raceSerialDescriptor(serialIterations: number): KernelDescriptor {
  validateRaceJob({ tasks: 0, iterations: 0, serialIterations });
  return {
    name: `race serial chain x ${serialIterations} steps`,
    kind: 'other',
    precision: 'fp32',
    bytesRead: RACE_BYTES_PER_TASK,
    bytesWritten: RACE_BYTES_PER_TASK,
    flops: serialIterations * RACE_OPS_PER_ITERATION,
    threadsPerBlock: 1,
    blocks: 1,
    footprintBytes: RACE_BYTES_PER_TASK,
  };
}

/** What a run of the batch is given: its tasks and the steps of each task's chain. */
export type RaceBatchSize = Pick<RaceJob, 'tasks' | 'iterations'>;

/** The batch's plan: one task per invocation in one dispatch (the race cuts it in chunks). */
export function raceBatchPlan(
  job: RaceBatchSize,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): KernelPlan {
  const grid = gridForItems(job.tasks, RACE_WORKGROUP_SIZE, maxWorkgroupsPerDimension);
  return {
    descriptor: raceDescriptor(job.tasks, job.iterations),
    workgroupSize: [RACE_WORKGROUP_SIZE, 1, 1],
    dispatches: job.tasks > 0 ? [[grid.x, grid.y, 1]] : [],
  };
}
