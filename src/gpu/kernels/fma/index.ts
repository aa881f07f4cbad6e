/** The FMA throughput kernel's record: its card, WGSL, entry point, bindings, plan, reference, job. */
import type { KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { PARAMS_BINDING } from '../../kernel-source';
import { countOf } from '../../lab/lab-facet';
import { GRID } from '../shared';
import fmaWgsl from './fma.wgsl?raw';
import { createFmaJob } from './job';
import {
  FMA_CARD,
  FMA_CHAINS,
  FMA_DEFAULT_TRIPS,
  FMA_WORKGROUP_SIZE,
  fmaCpu,
  fmaPlan,
} from './fma';

/** Chains of fused multiply-adds touching no memory: the arithmetic roof. */
export const fmaKernel = defineLabKernel({
  ...FMA_CARD,
  wgsl: fmaWgsl,
  shared: [GRID],
  entryPoints: { fma_chains: { bindings: [0, 1], overrides: ['WORKGROUP_SIZE'] } },
  bindings: [
    PARAMS_BINDING,
    { binding: 1, name: 'results', kind: 'storage', type: 'array<vec4f>' },
  ],
  sharedConstants: { WORKGROUP_SIZE: FMA_WORKGROUP_SIZE, CHAINS: FMA_CHAINS },
  plan: (size: { threads: number; trips?: number; maxWorkgroupsPerDimension?: number }) =>
    fmaPlan(size.threads, size.trips ?? FMA_DEFAULT_TRIPS, size.maxWorkgroupsPerDimension),
  reference: fmaCpu,
  lab: {
    ...FMA_CARD.lab,
    createJob: (context, size): Promise<KernelJob> =>
      createFmaJob(context, fmaKernel, countOf(size)),
  },
});
