/** The FMA kernel's record: WGSL, entry point, bindings, plan, reference, job and lab facet. */
import type { KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { PARAMS_BINDING } from '../../kernel-source';
import { countLab, type CountSize } from '../../sizes/lab-facet';
import { GRID } from '../shared';
import fmaWgsl from './fma.wgsl?raw';
import { createFmaJob } from './job';
import {
  FMA_CHAINS,
  FMA_DEFAULT_TRIPS,
  FMA_WORKGROUP_SIZE,
  fmaCpu,
  fmaPlan,
  maxFmaThreads,
} from './fma';

/** What an FMA run is given: its invocations (`elements`, as the lab counts them) and trips. */
export interface FmaSize extends CountSize {
  /** Trips of each invocation's loop (default `FMA_DEFAULT_TRIPS`). */
  trips?: number;
}

/** Chains of fused multiply-adds touching no memory: the arithmetic roof. */
export const fmaKernel = defineLabKernel({
  name: 'fma',
  label: 'FMA throughput',
  summary: 'Long chains of fused multiply-adds that touch no memory: the arithmetic roof.',
  wgsl: fmaWgsl,
  shared: [GRID],
  entryPoints: { fma_chains: { bindings: [0, 1], overrides: ['WORKGROUP_SIZE'] } },
  bindings: [
    PARAMS_BINDING,
    { binding: 1, name: 'results', kind: 'storage', type: 'array<vec4f>' },
  ],
  sharedConstants: { WORKGROUP_SIZE: FMA_WORKGROUP_SIZE, CHAINS: FMA_CHAINS },
  plan: (size: FmaSize, layout) =>
    fmaPlan(size.elements, size.trips ?? FMA_DEFAULT_TRIPS, layout?.maxWorkgroupsPerDimension),
  reference: fmaCpu,
  job: (context, size): Promise<KernelJob> =>
    createFmaJob(context, fmaKernel, size.elements, size.trips ?? FMA_DEFAULT_TRIPS),
  lab: countLab({
    sizeKind: 'threads',
    defaultCount: 1 << 14,
    maxCount: maxFmaThreads,
    step: 'roof',
    bench: { size: 'threads' },
  }),
});
