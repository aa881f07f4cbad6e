/**
 * Every WebGPU kernel of the app, one line each. Adding a kernel is one folder under kernels/
 * (its .wgsl, its pure plan and reference, and an index.ts exporting its record) and one line
 * here. A kernel the lab offers also has a card (in its pure module), listed once more in the
 * lab's light list (lab/lab-kernels.ts: LAB_CARDS), which sets the lab's order; its record here
 * is built from that card and has a `lab` part.
 */
import { batchedMatmulKernel } from './batched-matmul';
import { binaryElementwiseKernel } from './binary-elementwise';
import { copyKernel } from './copy';
import { divergenceKernel } from './divergence';
import { fmaKernel } from './fma';
import { matmulBlockedKernel } from './matmul-blocked';
import { matmulF16Kernel } from './matmul-f16';
import { matmulNaiveKernel } from './matmul-naive';
import { matmulTiledKernel } from './matmul-tiled';
import { matmulTunedKernel } from './matmul-tuned';
import { raceKernel } from './race';
import { reduceKernel } from './reduce';
import { reduceFastKernel } from './reduce-fast';
import { reduceSubgroupsKernel } from './reduce-subgroups';
import { reluKernel } from './relu';
import { stridedReadKernel } from './strided-read';
import type { LabFacet } from '../lab/lab-facet';
import type { LabKernelId } from '../lab/lab-kernels';

/** The kernels, in the order the kernel lab shows those it offers. */
export const KERNELS = [
  reluKernel,
  copyKernel,
  reduceKernel,
  reduceFastKernel,
  matmulNaiveKernel,
  matmulTiledKernel,
  matmulBlockedKernel,
  matmulTunedKernel,
  fmaKernel,
  raceKernel,
  binaryElementwiseKernel,
  batchedMatmulKernel,
  matmulF16Kernel,
  reduceSubgroupsKernel,
  stridedReadKernel,
  divergenceKernel,
] as const;

/** Any kernel in the registry. */
export type RegisteredKernel = (typeof KERNELS)[number];

/** The name of a registered kernel. */
export type KernelName = RegisteredKernel['name'];

/** A registered kernel the kernel lab offers. */
export type RegisteredLabKernel = Extract<RegisteredKernel, { readonly lab: LabFacet }>;

/** The name of a kernel the kernel lab offers. */
export type LabKernelName = RegisteredLabKernel['name'];

/** True when a registered kernel has a lab part. */
export function hasLab(kernel: RegisteredKernel): kernel is RegisteredLabKernel {
  return kernel.lab !== undefined;
}

/** The registered record of a lab kernel (its card's record, with its WGSL and its job). */
export function labKernel(id: LabKernelId): RegisteredLabKernel {
  const record = KERNELS.filter(hasLab).find((k) => k.name === id);
  if (!record) throw new RangeError(`no lab kernel named ${String(id)}`);
  return record;
}
