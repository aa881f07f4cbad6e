/** The race kernel's record: its WGSL, two entry points, bindings, plan and CPU reference. */
import { defineKernel } from '../../kernel-module';
import { PARAMS_BINDING } from '../../kernel-source';
import type { KernelPlan } from '../../kernel-plan';
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION } from '../../kernel-plan';
import { gridForItems } from '../../../compute/dispatch';
import { getPipeline } from '../../pipelines';
import raceWgsl from './race.wgsl?raw';
import { RACE_WORKGROUP_SIZE, raceDescriptor } from './race';
import { raceBatchCpu, raceSerialCpu, type RaceJob } from '../../../compute/race-reference';

/** The batch's plan: one task per invocation in one dispatch (the runner cuts it in chunks). */
export function raceBatchPlan(
  job: Pick<RaceJob, 'tasks' | 'iterations'>,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): KernelPlan {
  const grid = gridForItems(job.tasks, RACE_WORKGROUP_SIZE, maxWorkgroupsPerDimension);
  return {
    descriptor: raceDescriptor(job.tasks, job.iterations),
    workgroupSize: [RACE_WORKGROUP_SIZE, 1, 1],
    dispatches: job.tasks > 0 ? [[grid.x, grid.y, 1]] : [],
  };
}

/** The CPU-vs-GPU race: independent integer chains, plus one serial chain. */
export const raceKernel = defineKernel({
  name: 'race',
  label: 'race',
  summary: 'Chains of dependent integer mixing steps, one per task, and one serial chain.',
  wgsl: raceWgsl,
  entryPoints: {
    race_batch: { bindings: [0, 1], overrides: ['WORKGROUP_SIZE'] },
    race_serial: { bindings: [0, 2], overrides: [] },
  },
  bindings: [
    PARAMS_BINDING,
    { binding: 1, name: 'results', kind: 'storage', type: 'array<u32>' },
    { binding: 2, name: 'serial_state', kind: 'storage', type: 'array<u32>' },
  ],
  sharedConstants: { WORKGROUP_SIZE: RACE_WORKGROUP_SIZE },
  plan: (job: Pick<RaceJob, 'tasks' | 'iterations'>) => raceBatchPlan(job),
  reference: { batch: raceBatchCpu, serial: raceSerialCpu },
});

/** The race kernel's two compute pipelines. */
export interface RacePipelines {
  /** One task per invocation (entry point `race_batch`). */
  batch: GPUComputePipeline;
  /** The single-invocation serial chain (entry point `race_serial`). */
  serial: GPUComputePipeline;
}

/** The device's race pipelines, from the shared pipeline cache. */
export async function racePipelines(device: GPUDevice): Promise<RacePipelines> {
  const [batch, serial] = await Promise.all([
    getPipeline(device, {
      kernel: raceKernel,
      entryPoint: 'race_batch',
      constants: { WORKGROUP_SIZE: RACE_WORKGROUP_SIZE },
    }),
    getPipeline(device, { kernel: raceKernel, entryPoint: 'race_serial' }),
  ]);
  return { batch, serial };
}
