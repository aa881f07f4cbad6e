/** The FMA throughput kernel's record: WGSL, entry point, bindings, plan, reference, lab part. */
import type { KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { countOf, type LabLimits } from '../../lab/lab-facet';
import { maxBufferBytes } from '../../lab/stream-limits';
import { VEC4_BYTES } from '../../vec4-stream';
import fmaWgsl from './fma.wgsl?raw';
import { createFmaJob } from './job';
import { FMA_CHAINS, FMA_DEFAULT_TRIPS, FMA_WORKGROUP_SIZE, fmaCpu, fmaPlan } from './fma';

/** The most FMA invocations a device allows: one vec4 of output each, on a 2-D grid. */
export function maxFmaThreads(limits: LabLimits): number {
  const grid = limits.maxComputeWorkgroupsPerDimension ** 2;
  return Math.min(Math.floor(maxBufferBytes(limits) / VEC4_BYTES), grid * FMA_WORKGROUP_SIZE);
}

/** Chains of fused multiply-adds touching no memory: the arithmetic roof. */
export const fmaKernel = defineLabKernel({
  name: 'fma',
  label: 'FMA throughput',
  summary: 'Long chains of fused multiply-adds that touch no memory: the arithmetic roof.',
  source: fmaWgsl,
  entryPoints: { fma_chains: { bindings: [0, 1], overrides: ['WORKGROUP_SIZE'] } },
  bindings: [
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'results', kind: 'storage' },
  ],
  sharedConstants: { WORKGROUP_SIZE: FMA_WORKGROUP_SIZE, CHAINS: FMA_CHAINS },
  plan: (size: { threads: number; trips?: number; maxWorkgroupsPerDimension?: number }) =>
    fmaPlan(size.threads, size.trips ?? FMA_DEFAULT_TRIPS, size.maxWorkgroupsPerDimension),
  reference: fmaCpu,
  lab: {
    defaultSize: { elements: 1 << 14 },
    sizeKind: 'threads',
    plan: (size, layout) =>
      fmaPlan(countOf(size), FMA_DEFAULT_TRIPS, layout.maxWorkgroupsPerDimension),
    createJob: (context, size): Promise<KernelJob> =>
      createFmaJob(context, fmaKernel, countOf(size)),
    maxCount: maxFmaThreads,
  },
});
