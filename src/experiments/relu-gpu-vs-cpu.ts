/**
 * The measured experiment: ReLU over 4 Mi float32 values on the learner's GPU (the page's shared
 * WebGPU device, through the runtime the widgets use) against the same ReLU on every CPU core
 * (the crossover plot's Web Worker pool), each checked against the CPU reference. On a software
 * adapter the result also says what an A100 would show, from the engine.
 */
import { formatSeconds } from '../format/units';
import { adapterFacts, measureKernel, withSharedGpu } from '../gpu';
import { predictScenario } from '../engine/models';
import { CrossoverCpuPool } from '../cpu/crossover-pool';
import type { ExperimentResult } from './experiment-result';
import { describeF32Check } from '../compute/verify-f32';

/** Elements the experiment works on. */
export const RELU_EXPERIMENT_ELEMENTS = 4 * 1024 * 1024;

/** Invocations per workgroup of the GPU's ReLU. */
const WORKGROUP_SIZE = 256;

/** The GPU's timing: a few batches, done in well under a second on a real GPU. */
const GPU_MEASURE_OPTIONS = { samples: 5, minSamples: 3, budgetSeconds: 1 } as const;

/** What an A100 takes for the same ReLU, from the engine. */
export function modeledReluSeconds(): number {
  return predictScenario({
    op: 'elementwise',
    gpu: 'a100-sxm-80gb',
    elements: RELU_EXPERIMENT_ELEMENTS,
    dtype: 'fp32',
    flopsPerElement: 1,
  }).seconds;
}

/** Runs the experiment; throws an Error with a readable message when WebGPU is missing. */
export async function runReluGpuVsCpu(signal?: AbortSignal): Promise<ExperimentResult> {
  const options = signal ? { signal } : {};
  const onGpu = await withSharedGpu({}, async ({ gpu, run }) => ({
    ok: true,
    adapter: adapterFacts(gpu.adapter),
    run: await run((live) =>
      measureKernel(
        live,
        'relu',
        { elements: RELU_EXPERIMENT_ELEMENTS, workgroupSize: WORKGROUP_SIZE },
        { ...options, measure: GPU_MEASURE_OPTIONS },
      ),
    ),
  }));
  if (!onGpu.ok) throw new Error(onGpu.message);
  const { run, adapter } = onGpu;
  if (!run.check.ok) throw new Error(`the GPU result was wrong: ${describeF32Check(run.check)}`);
  const pool = new CrossoverCpuPool();
  let cpu;
  try {
    cpu = await pool.measure('relu', RELU_EXPERIMENT_ELEMENTS, options);
  } finally {
    pool.dispose();
  }
  if (!cpu.check.ok) throw new Error(`the CPU result was wrong: ${describeF32Check(cpu.check)}`);
  const cpuSeconds = cpu.measurement.medianSeconds;
  const gpuSeconds = run.measurement.medianSeconds;
  const a100 = modeledReluSeconds();
  return {
    a: { label: 'your GPU', seconds: gpuSeconds },
    b: { label: `your CPU (${cpu.workers} Web Workers)`, seconds: cpuSeconds },
    ratioBOverA: cpuSeconds / gpuSeconds,
    source: `measured on this device (${adapter.description}): the GPU kernel alone, the CPU in Web Workers`,
    ...(adapter.isFallback
      ? {
          realGpuNote: `Your browser ran the kernel on a software adapter, which is the CPU pretending to be a GPU, so this comparison says little about GPUs. On a real GPU the kernel is far faster: the cost engine predicts ${formatSeconds(a100)} on an A100, about ${Math.round(cpuSeconds / a100)} times quicker than your CPU's workers above.`,
        }
      : {}),
  };
}
