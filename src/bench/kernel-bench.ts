/**
 * The kernel benchmark: every lab kernel at a size scaled to the device, the copy engine for
 * comparison, and the ratios that say how close the kernels come to their limits. It runs on
 * any GpuContext, so the same code serves the browser page (kernels.html, driven by
 * scripts/bench-kernels.ts) and Node.
 */
import {
  describeSize,
  labDefaultSize,
  LAB_KERNEL_IDS,
  measureRoofs,
  runLabKernel,
  scaleToTarget,
  type CopyEngineResult,
  type GpuContext,
  type LabKernelId,
  type LabMeasureOptions,
  type LabRunResult,
  type LabSize,
  type TimingMethod,
} from '../gpu';

/** One benchmarked kernel, as the report prints it. */
export interface BenchKernel {
  size: string;
  medianSeconds: number;
  /** Half the interquartile range over the median. */
  relativeSpread: number;
  gbPerSecond: number;
  gflopPerSecond: number;
  verified: boolean;
  timing: TimingMethod;
}

/** The whole report: the last stdout line of `npm run -s bench:kernels`. */
export interface BenchReport {
  adapter: {
    vendor: string;
    architecture: string;
    device: string;
    description: string;
    isFallback: boolean;
    timestampQuery: boolean;
  };
  /** Every lab kernel by id, and the copy engine. */
  kernels: Record<string, BenchKernel>;
  ratios: {
    /** Copy kernel bandwidth over copyBufferToBuffer bandwidth, same bytes. */
    copyKernelOverCopyBufferToBuffer: number;
    /** ReLU bandwidth over copy kernel bandwidth, same elements. */
    reluOverCopyBandwidth: number;
    /** Tiled matmul FLOP/s over naive matmul FLOP/s, same shape. */
    tiledOverNaiveThroughput: number;
  };
  /** Seconds the whole benchmark took. */
  seconds: number;
}

/** Options of the benchmark. */
export interface BenchOptions {
  /** Progress lines, for stderr. */
  log?(line: string): void;
  measure?: LabMeasureOptions;
  /** Smallest and largest matmul edge tried. */
  matmulEdge?: { min: number; max: number };
}

/** A lab result as a report entry. */
function entry(result: LabRunResult): BenchKernel {
  return {
    size: describeSize(result.kernel, result.size),
    medianSeconds: result.measurement.medianSeconds,
    relativeSpread: result.measurement.relativeSpread,
    gbPerSecond: result.bytesPerSecond / 1e9,
    gflopPerSecond: result.flopsPerSecond / 1e9,
    verified: result.check.ok,
    timing: result.measurement.method,
  };
}

/** The run with the shortest median among runs of the same kernel and size. */
export function fastest(runs: LabRunResult[]): LabRunResult {
  return runs.reduce((best, r) =>
    r.measurement.medianSeconds < best.measurement.medianSeconds ? r : best,
  );
}

/** The copy engine's figure as a report entry. */
function copyEngineEntry(result: CopyEngineResult): BenchKernel {
  return {
    size: `${(result.bytes / 2 ** 20).toFixed(1)} MiB`,
    medianSeconds: result.measurement.medianSeconds,
    relativeSpread: result.measurement.relativeSpread,
    gbPerSecond: result.bytesPerSecond / 1e9,
    gflopPerSecond: 0,
    verified: result.check.ok,
    timing: result.measurement.method,
  };
}

/** Runs every lab kernel, the copy engine and the ratios on `gpu`. */
export async function runKernelBench(
  gpu: GpuContext,
  options: BenchOptions = {},
): Promise<BenchReport> {
  const log = options.log ?? (() => {});
  const measure = options.measure ?? {};
  const startMs = performance.now();
  const a = gpu.adapter;
  log(
    `adapter: ${a.vendor} ${a.architecture} ${a.description} (fallback: ${String(a.isFallback)})`,
  );

  log('measuring roofs: copy kernel, copyBufferToBuffer, FMA');
  const roofs = await measureRoofs(gpu, { measure });
  const elements = 'elements' in roofs.memory.size ? roofs.memory.size.elements : 1 << 22;
  const run = async (kernel: LabKernelId, size: LabSize): Promise<LabRunResult> => {
    log(`running ${kernel} at ${describeSize(kernel, size)}`);
    return runLabKernel(gpu, { kernel, size }, { measure });
  };
  // Copy and ReLU run twice, interleaved, and each keeps its faster median: on a shared machine
  // a burst of load during one of them should not decide the ratio between them.
  const copyRuns = [roofs.memory];
  const reluRuns: LabRunResult[] = [];
  for (let round = 0; round < 2; round++) {
    reluRuns.push(await run('relu', { elements }));
    if (round === 0) copyRuns.push(await run('copy', { elements }));
  }
  const copy = fastest(copyRuns);
  const relu = fastest(reluRuns);
  const reduce = await run('reduce', { elements });

  const edges = options.matmulEdge ?? { min: 128, max: 2048 };
  const probeEdge = edges.min;
  log(`probing matmul at ${probeEdge}^3`);
  const probe = await runLabKernel(
    gpu,
    { kernel: 'matmul-naive', size: { m: probeEdge, n: probeEdge, k: probeEdge } },
    { measure: { samples: 1, minSamples: 1, minBatchSeconds: 0.002 } },
  );
  // Time grows with the cube of the edge: scale the edge by the cube root of the time ratio.
  const cubeScaled = scaleToTarget(
    probeEdge ** 3,
    probe.measurement.medianSeconds,
    {
      min: edges.min ** 3,
      max: edges.max ** 3,
      multipleOf: 1,
    },
    0.04,
  );
  const edge = Math.max(
    edges.min,
    Math.min(edges.max, Math.floor(Math.cbrt(cubeScaled) / 16) * 16),
  );
  const shape = { m: edge, n: edge, k: edge };
  const naive = await run('matmul-naive', shape);
  const tiled = await run('matmul-tiled', shape);

  const kernels: BenchReport['kernels'] = {
    relu: entry(relu),
    copy: entry(copy),
    reduce: entry(reduce),
    'matmul-naive': entry(naive),
    'matmul-tiled': entry(tiled),
    fma: entry(roofs.compute),
    copyBufferToBuffer: copyEngineEntry(roofs.copyEngine),
  };
  // A kernel added to the registry since these cases were written runs at its lab default.
  for (const id of LAB_KERNEL_IDS) {
    if (!(id in kernels)) kernels[id] = entry(await run(id, labDefaultSize(id)));
  }
  return {
    adapter: {
      vendor: a.vendor,
      architecture: a.architecture,
      device: a.device,
      description: a.description,
      isFallback: a.isFallback,
      timestampQuery: gpu.device.features.has('timestamp-query'),
    },
    kernels,
    ratios: {
      copyKernelOverCopyBufferToBuffer: copy.bytesPerSecond / roofs.copyEngine.bytesPerSecond,
      reluOverCopyBandwidth: relu.bytesPerSecond / copy.bytesPerSecond,
      tiledOverNaiveThroughput: tiled.flopsPerSecond / naive.flopsPerSecond,
    },
    seconds: (performance.now() - startMs) / 1000,
  };
}
