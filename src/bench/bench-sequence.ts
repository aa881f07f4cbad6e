/**
 * The benchmark's timed sequence, built from the runtime's one list of lab kernels: every lab
 * kernel in the list's order at the size its record names (`bench.size`), the large matmuls also
 * at the matmul shape first (so each step can be set against the one before at the same shape)
 * and then at their own, the tensor-core matmul after them where the device has it, and
 * `copyBufferToBuffer` last. Nothing here runs anything: kernel-bench.ts runs the steps.
 */
import {
  LAB_KERNEL_IDS,
  LAB_KERNELS,
  type BenchSize,
  type LabKernelId,
  type LabSize,
} from '../gpu';

/** The name the tensor-core matmul has in the report. */
export const TENSOR_CORE_STEP = 'matmul-f16-tensor-cores';

/** The name the copy engine has in the report. */
export const COPY_ENGINE_STEP = 'copyBufferToBuffer';

/** What the sizing pass found: the size of each kind the benchmark runs. */
export interface BenchSizes {
  /** Elements of the memory roof's copy: the streaming kernels' size. */
  stream: number;
  /** Threads of the compute roof's FMA run. */
  threads: number;
  /** The square edge the matmul steps share. */
  matmulEdge: number;
  /** The larger edge of the large matmuls (at least `matmulEdge`). */
  largeMatmulEdge: number;
}

/** One timed step of a repetition. */
export type BenchStep =
  | { name: string; kind: 'lab'; kernel: LabKernelId; size: LabSize }
  | { name: typeof TENSOR_CORE_STEP; kind: 'tensor-cores'; edge: number }
  | { name: typeof COPY_ENGINE_STEP; kind: 'copy-engine' };

/** A square product of edge `n`. */
function square(n: number): LabSize {
  return { m: n, n, k: n };
}

/** The lab kernels whose record names `size` as their benchmark size, in the list's order. */
export function benchKernels(size: BenchSize): LabKernelId[] {
  return LAB_KERNEL_IDS.filter((id) => LAB_KERNELS[id].bench.size === size);
}

/** A lab kernel's size in the benchmark. */
function labSize(id: LabKernelId, sizes: BenchSizes): LabSize {
  switch (LAB_KERNELS[id].bench.size) {
    case 'stream':
      return { elements: sizes.stream };
    case 'threads':
      return { elements: sizes.threads };
    case 'matmul':
      return square(sizes.matmulEdge);
    case 'large-matmul':
      return square(sizes.largeMatmulEdge);
  }
}

/**
 * The steps of one repetition, in order (see the file comment). A large matmul runs at the
 * matmul shape, as "<name> (tiled shape)", only when its own edge is larger.
 */
export function benchSequence(sizes: BenchSizes, tensorCores: boolean): BenchStep[] {
  const steps: BenchStep[] = [];
  const large: BenchStep[] = [];
  const flushLarge = (): void => {
    if (large.length === 0) return;
    steps.push(...large.splice(0));
    if (tensorCores) {
      steps.push({ name: TENSOR_CORE_STEP, kind: 'tensor-cores', edge: sizes.largeMatmulEdge });
    }
  };
  for (const kernel of LAB_KERNEL_IDS) {
    const own: BenchStep = { name: kernel, kind: 'lab', kernel, size: labSize(kernel, sizes) };
    if (LAB_KERNELS[kernel].bench.size !== 'large-matmul') {
      flushLarge();
      steps.push(own);
      continue;
    }
    if (sizes.largeMatmulEdge > sizes.matmulEdge) {
      const name = `${kernel} (tiled shape)`;
      steps.push({ name, kind: 'lab', kernel, size: square(sizes.matmulEdge) });
    }
    large.push(own);
  }
  flushLarge();
  steps.push({ name: COPY_ENGINE_STEP, kind: 'copy-engine' });
  return steps;
}
