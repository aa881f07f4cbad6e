/**
 * What bounds the traced steps, in words, with the evidence: the host (the GPU waits for Python
 * and the launches of many short kernels), data loading (the GPU waits while batches are loaded
 * or copied in), GPU compute (busy, mostly matrix math) or GPU memory (busy, mostly elementwise
 * work and copies). Pure.
 */
import { formatCount, formatPercent, formatSeconds } from '../../../format/units';

/** The four verdicts, and one for a trace without GPU work. */
export type VerdictKind = 'host' | 'data-loading' | 'compute' | 'memory' | 'no-gpu';

/** The measures a verdict is drawn from. */
export interface VerdictInputs {
  /** Share of the traced steps' time the GPU runs anything. */
  gpuBusyShare: number;
  kernelsPerStep: number;
  meanKernelUs: number;
  /** Share of the traced time some CPU op runs. */
  cpuOpShare: number;
  /** Share of kernel time in matrix math (GEMM, convolution, attention). */
  matmulShare: number;
  /** Share of the traced time inside DataLoader annotations. */
  dataLoaderShare: number;
  /** Share of the traced time spent copying host to GPU. */
  hostToDeviceShare: number;
  /** Longest stretch without GPU work, µs. */
  longestGapUs: number;
}

/** The verdict, a sentence, and its evidence as short lines. */
export interface Verdict {
  kind: VerdictKind;
  headline: string;
  evidence: string[];
}

/** Busy share from which the GPU, not the host, sets the pace. */
export const BUSY_THRESHOLD = 0.6;
/** Share of traced time in data loading or input copies that makes loading the cause. */
export const DATA_THRESHOLD = 0.15;
/** Share of kernel time in matrix math from which a busy GPU is compute bound. */
export const MATMUL_THRESHOLD = 0.5;

const us = (value: number) => formatSeconds(value / 1e6);

/** The verdict for a trace's measures. */
export function verdictOf(m: VerdictInputs, kernels: number): Verdict {
  if (kernels === 0) {
    return {
      kind: 'no-gpu',
      headline: 'No GPU kernels in this trace: it holds CPU work only.',
      evidence: [
        'Profile with activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA] on a CUDA GPU.',
      ],
    };
  }
  const busy = `GPU busy ${formatPercent(m.gpuBusyShare)} of the traced time`;
  const launches = `${formatCount(m.kernelsPerStep)} kernels per step averaging ${us(m.meanKernelUs)}`;
  const gap = `longest idle gap ${us(m.longestGapUs)}`;
  if (m.gpuBusyShare < BUSY_THRESHOLD) {
    const loading = Math.max(m.dataLoaderShare, m.hostToDeviceShare);
    if (loading >= DATA_THRESHOLD) {
      return {
        kind: 'data-loading',
        headline:
          'Bound by data loading: the GPU waits while the next batch is loaded and copied in.',
        evidence: [
          busy,
          `DataLoader ${formatPercent(m.dataLoaderShare)} and host-to-GPU copies ` +
            `${formatPercent(m.hostToDeviceShare)} of the traced time`,
          gap,
        ],
      };
    }
    return {
      kind: 'host',
      headline:
        'Bound by the host: the GPU finishes each short kernel faster than Python and PyTorch ' +
        'can launch the next, so it waits.',
      evidence: [
        busy,
        launches,
        `CPU ops run ${formatPercent(m.cpuOpShare)} of the traced time`,
        gap,
      ],
    };
  }
  const matmul = `matrix math ${formatPercent(m.matmulShare)} of kernel time`;
  if (m.matmulShare >= MATMUL_THRESHOLD) {
    return {
      kind: 'compute',
      headline: 'Bound by GPU compute: the GPU is busy, mostly with matrix math.',
      evidence: [busy, matmul, launches],
    };
  }
  return {
    kind: 'memory',
    headline:
      'Bound by GPU memory: the GPU is busy, mostly with elementwise work, reductions and copies ' +
      'that wait on memory bandwidth.',
    evidence: [busy, matmul, launches],
  };
}
