/**
 * The PyTorch console's compute backend on a real WebGPU device: the interpreter's float32
 * arithmetic on small CUDA tensors runs through the runtime's tensor kernels, measured by name,
 * timed briefly (a launch of a tiny kernel takes microseconds, so a few short batches suffice)
 * and checked against the kernel's CPU reference before the values are used.
 */
import { adapterLabel, measureKernel, type GpuContext, type KernelMeasurement } from '../gpu';
import type { ComputeRun, TensorCompute } from '../torch';

/** The console's timing: one warm-up, batches of 2 ms, at most three of them. */
const TENSOR_MEASURE_OPTIONS = {
  warmupBatches: 1,
  samples: 3,
  minSamples: 1,
  minBatchSeconds: 0.002,
  budgetSeconds: 0.05,
} as const;

/** A run as the interpreter takes it; a result the reference check rejected is an error. */
function computeRunOf(
  run: KernelMeasurement<'binary-elementwise' | 'batched-matmul'>,
  what: string,
): ComputeRun {
  if (!run.check.ok) throw new Error(`the GPU's ${what} did not match its CPU reference`);
  return {
    values: run.output,
    secondsPerLaunch: run.measurement.medianSeconds,
    timing: run.measurement.method,
  };
}

/** Nothing to compute: an empty result, untimed. */
const EMPTY: ComputeRun = { values: new Float32Array(0), secondsPerLaunch: null, timing: null };

/** A TensorCompute that runs on `gpu`. */
export function createWebGpuCompute(gpu: GpuContext): TensorCompute {
  const software = gpu.adapter.isFallback
    ? ' (a software fallback adapter: your CPU, not a GPU)'
    : '';
  return {
    description: `WebGPU on ${adapterLabel(gpu.adapter)}${software}`,
    async elementwise(op, a, b) {
      if (a.length !== b.length) {
        throw new RangeError(`operands differ in length: ${a.length} and ${b.length}`);
      }
      if (a.length === 0) return EMPTY;
      const run = await measureKernel(
        gpu,
        'binary-elementwise',
        { op, a: new Float32Array(a), b: new Float32Array(b) },
        { measure: TENSOR_MEASURE_OPTIONS },
      );
      return computeRunOf(run, op);
    },
    async matmul(a, b, dims) {
      if (dims.batch * dims.m * dims.n === 0) return EMPTY;
      if (dims.k === 0) {
        // Sums over nothing: zeros, and no kernel worth timing.
        return { ...EMPTY, values: new Float32Array(dims.batch * dims.m * dims.n) };
      }
      const run = await measureKernel(
        gpu,
        'batched-matmul',
        { a: new Float32Array(a), b: new Float32Array(b), dims },
        { measure: TENSOR_MEASURE_OPTIONS },
      );
      return computeRunOf(run, 'matrix product');
    },
  };
}
