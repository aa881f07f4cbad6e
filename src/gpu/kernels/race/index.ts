/**
 * The race kernel's record: its WGSL, two entry points, bindings, plan, CPU reference and the
 * job of its batch (job.ts); the race itself is run.ts.
 */
import type { KernelJob } from '../../jobs/kernel-job';
import { defineKernel } from '../../kernel-module';
import { PARAMS_BINDING } from '../../kernel-source';
import { getPipeline } from '../../pipelines';
import raceWgsl from './race.wgsl?raw';
import { createRaceBatchJob } from './job';
import { RACE_WORKGROUP_SIZE, raceBatchPlan, type RaceBatchSize } from './race';
import { raceBatchCpu, raceSerialCpu } from '../../../compute/race-reference';

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
  plan: (size: RaceBatchSize, layout) => raceBatchPlan(size, layout?.maxWorkgroupsPerDimension),
  reference: { batch: raceBatchCpu, serial: raceSerialCpu },
  job: (context, size): Promise<KernelJob> => createRaceBatchJob(context, raceKernel, size),
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
