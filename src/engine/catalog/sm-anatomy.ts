/**
 * What one SM holds, per catalog GPU, beyond the counts the cost engine's catalog carries:
 * warp schedulers, register file, and the combined L1 / shared memory block. Each figure keeps
 * its source; Apple does not publish these for the M2, so they are null there.
 */
import { vendor, type Figure } from './figure';
import type { CatalogGpuId } from './gpu-spec';
import {
  CUDA_GUIDE_LIMITS,
  NVIDIA_A100,
  NVIDIA_ADA,
  NVIDIA_GA102,
  NVIDIA_H100,
  NVIDIA_V100,
} from './sources';

/** NVIDIA's Turing whitepaper, for the Turing SM of the GTX 1650 (TU117) and the T4 (TU104). */
const NVIDIA_TURING =
  '"NVIDIA Turing GPU Architecture" whitepaper (Turing SM: four processing blocks, 96 KB L1/shared per SM)';

/** The parts of one SM that the catalog does not list. */
export interface SmAnatomy {
  /** Warp schedulers per SM, one per processing block ("partition"); null when unpublished. */
  warpSchedulers: Figure | null;
  /** Register file per SM, in bytes; null when unpublished. */
  registerBytes: Figure | null;
  /** Combined L1 data cache and shared memory per SM, in bytes; null when unpublished. */
  l1SharedBytes: Figure | null;
  /** Most of that block a kernel may use as shared memory, in bytes; null when unpublished. */
  maxSharedBytes: Figure | null;
  /** Tensor-core generation, as the vendor names it; null without tensor cores. */
  tensorCoreGeneration: string | null;
}

const KB = 1024;

function nvidiaSm(
  source: string,
  l1SharedKb: number,
  maxSharedKb: number,
  computeCapability: string,
  tensorCoreGeneration: string | null,
): SmAnatomy {
  return {
    warpSchedulers: vendor(4, 'warp schedulers', source, 'one per processing block'),
    registerBytes: vendor(256 * KB, 'B', source, '65,536 32-bit registers'),
    l1SharedBytes: vendor(l1SharedKb * KB, 'B', source),
    maxSharedBytes: vendor(
      maxSharedKb * KB,
      'B',
      CUDA_GUIDE_LIMITS,
      `compute capability ${computeCapability}`,
    ),
    tensorCoreGeneration,
  };
}

/** SM anatomy of every catalog GPU. */
export const SM_ANATOMY: Readonly<Record<CatalogGpuId, SmAnatomy>> = {
  'a100-sxm-40gb': nvidiaSm(NVIDIA_A100, 192, 164, '8.0', 'third generation'),
  'a100-sxm-80gb': nvidiaSm(NVIDIA_A100, 192, 164, '8.0', 'third generation'),
  'a100-pcie-40gb': nvidiaSm(NVIDIA_A100, 192, 164, '8.0', 'third generation'),
  'h100-sxm': nvidiaSm(NVIDIA_H100, 256, 228, '9.0', 'fourth generation'),
  'h100-pcie': nvidiaSm(NVIDIA_H100, 256, 228, '9.0', 'fourth generation'),
  'h200-sxm': nvidiaSm(NVIDIA_H100, 256, 228, '9.0', 'fourth generation'),
  'v100-sxm2-16gb': nvidiaSm(NVIDIA_V100, 128, 96, '7.0', 'first generation'),
  t4: nvidiaSm(NVIDIA_TURING, 96, 64, '7.5', 'second generation'),
  'rtx-4090': nvidiaSm(NVIDIA_ADA, 128, 100, '8.9', 'fourth generation'),
  'rtx-3080': nvidiaSm(NVIDIA_GA102, 128, 100, '8.6', 'third generation'),
  'gtx-1650': nvidiaSm(NVIDIA_TURING, 96, 64, '7.5', null),
  'apple-m2': {
    warpSchedulers: null,
    registerBytes: null,
    l1SharedBytes: null,
    maxSharedBytes: null,
    tensorCoreGeneration: null,
  },
};
