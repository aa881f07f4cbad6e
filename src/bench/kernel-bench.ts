/**
 * The kernel benchmark, measured like a benchmark: a sizing pass that also warms the GPU up (the
 * roofs, a probe of each matmul size, the tuned matmul's sweep), then several repetitions of
 * every lab kernel in the order and at the sizes the runtime's list of lab kernels gives
 * (bench-sequence.ts), each kernel reported at its median over the repetitions with their
 * extremes and its fraction of the measured roofs (the copy kernel's bandwidth for memory-bound
 * kernels, the FMA kernel's FLOP/s for compute-bound ones). The f16 tensor-core matmul runs where
 * the device has subgroup matrices. It runs on any GpuContext, so the same code serves the
 * browser page (kernels.html, driven by scripts/bench-kernels.ts) and Node (node-bench.ts).
 */
import {
  describeTile,
  measureCopyEngine,
  measureKernel,
  measureRoofs,
  MATMUL_TILES,
  matmulSweepEdge,
  ROOF_KERNELS,
  scaleToTarget,
  sweepMatmulTiles,
  tensorCoreSupport,
  tileId,
  type GpuContext,
  type LabKernelId,
} from '../gpu';
import type { MeasureOptions } from '../compute/timing/harness';
import {
  benchTargets,
  formatBenchTable,
  medianRoofs,
  rateRatio,
  summarizeKernel,
  type BenchDriver,
  type BenchKernel,
  type BenchReport,
  type BenchTensorCores,
  type BenchTuning,
  type RunSample,
} from './bench-report';

import {
  blockedMatmulEdge,
  BLOCKED_MATMUL_MAX_EDGE,
  jobSample,
  sampleOf,
  tensorPeakFor,
} from './bench-samples';
import {
  benchKernels,
  benchSequence,
  COPY_ENGINE_STEP,
  TENSOR_CORE_STEP,
  type BenchStep,
} from './bench-sequence';

export {
  blockedMatmulEdge,
  BLOCKED_MATMUL_MAX_EDGE,
  fastest,
  tensorPeakFor,
} from './bench-samples';
export {
  formatBenchTable,
  type BenchKernel,
  type BenchReport,
  type BenchTarget,
} from './bench-report';

/** Repetitions of the whole sequence unless told otherwise. */
export const DEFAULT_REPETITIONS = 3;

/** Options of the benchmark. */
export interface BenchOptions {
  /** Progress lines, for stderr. */
  log?(line: string): void;
  measure?: Omit<MeasureOptions, 'onProgress' | 'signal'>;
  /** Repetitions of the whole sequence (default 3). */
  repetitions?: number;
  /** Smallest and largest matmul edge tried. */
  matmulEdge?: { min: number; max: number };
  /** Largest edge of the register-blocked and tuned matmuls' own runs (default 4096). */
  blockedMaxEdge?: number;
  /** What runs the WebGPU calls (the report's `driver`; its description is the adapter's). */
  driver?: Omit<BenchDriver, 'description'>;
  /** Skip the tuned matmul's sweep and run its default tile (tests). */
  skipSweep?: boolean;
}

/** The first lab kernel the benchmark runs at a size: the one whose probe sizes it. */
function probeKernel(size: 'matmul' | 'large-matmul'): LabKernelId {
  const first = benchKernels(size)[0];
  if (!first) throw new Error(`no lab kernel is benchmarked at the ${size} size`);
  return first;
}

/** Runs the benchmark on `gpu`; see the file comment. */
export async function runKernelBench(
  gpu: GpuContext,
  options: BenchOptions = {},
): Promise<BenchReport> {
  const log = options.log ?? (() => {});
  const measure = options.measure ?? {};
  const repetitions = options.repetitions ?? DEFAULT_REPETITIONS;
  if (!Number.isInteger(repetitions) || repetitions < 1) {
    throw new RangeError(`repetitions must be a whole number from 1, got ${repetitions}`);
  }
  const startMs = performance.now();
  const a = gpu.adapter;
  log(
    `adapter: ${a.vendor} ${a.architecture} ${a.device} ${a.description} (fallback: ${String(a.isFallback)})`,
  );

  // Sizing pass, which is also the warm-up: nothing here enters the report's figures.
  log('warm-up and sizing: roofs (copy kernel, copyBufferToBuffer, FMA)');
  const roofs = await measureRoofs(gpu, { measure });
  const elements = 'elements' in roofs.memory.size ? roofs.memory.size.elements : 1 << 22;
  const fmaThreads = 'elements' in roofs.compute.size ? roofs.compute.size.elements : 1 << 12;
  const copyEngineBytes = roofs.copyEngine.bytes;
  const edges = options.matmulEdge ?? { min: 128, max: 2048 };
  log(`warm-up and sizing: matmul probe at ${edges.min}^3`);
  const quick = { samples: 1, minSamples: 1, minBatchSeconds: 0.002 };
  const probe = await measureKernel(
    gpu,
    probeKernel('matmul'),
    { m: edges.min, n: edges.min, k: edges.min },
    { measure: quick },
  );
  const cubeScaled = scaleToTarget(
    edges.min ** 3,
    probe.measurement.medianSeconds,
    { min: edges.min ** 3, max: edges.max ** 3, multipleOf: 1 },
    0.04,
  );
  const edge = Math.max(
    edges.min,
    Math.min(edges.max, Math.floor(Math.cbrt(cubeScaled) / 16) * 16),
  );
  const blockedProbe = await measureKernel(
    gpu,
    probeKernel('large-matmul'),
    { m: edge, n: edge, k: edge },
    { measure: quick },
  );
  const bigEdge = blockedMatmulEdge(
    edge,
    blockedProbe.measurement.medianSeconds,
    0.04,
    options.blockedMaxEdge ?? BLOCKED_MATMUL_MAX_EDGE,
  );
  let tuning: BenchTuning | null = null;
  if (!options.skipSweep) {
    const sweepEdge = Math.min(matmulSweepEdge(a.isFallback), bigEdge);
    log(`warm-up and sizing: sweeping ${MATMUL_TILES.length} tuned matmul tiles at ${sweepEdge}^3`);
    const choice = await sweepMatmulTiles(gpu, { edge: sweepEdge, log });
    tuning = {
      chosen: tileId(choice.tile),
      sweepEdge,
      gflopPerSecondByTile: Object.fromEntries(
        choice.trials.map((t) => [tileId(t.tile), t.flopsPerSecond / 1e9]),
      ),
    };
    log(`tuned matmul: ${describeTile(choice.tile)}`);
  }
  const support = tensorCoreSupport(gpu);
  let tensorCores: BenchTensorCores = support.available
    ? {
        available: true,
        config: `f16→f32 ${support.config.M}x${support.config.N}x${support.config.K}`,
        peakFlopsPerSecond: tensorPeakFor(a),
        fractionOfPeak: null,
      }
    : { available: false, reason: support.reason };
  log(
    tensorCores.available
      ? `tensor cores: ${tensorCores.config}`
      : `tensor cores: absent (${tensorCores.reason})`,
  );

  // The timed sequence, in this order in every repetition.
  const steps = benchSequence(
    { stream: elements, threads: fmaThreads, matmulEdge: edge, largeMatmulEdge: bigEdge },
    support.available,
  );
  const run = async (step: BenchStep): Promise<RunSample> => {
    switch (step.kind) {
      case 'lab':
        return sampleOf(await measureKernel(gpu, step.kernel, step.size, { measure }));
      case 'tensor-cores': {
        const shape = { m: step.edge, n: step.edge, k: step.edge };
        const size = `${step.edge} x ${step.edge} x ${step.edge}`;
        return jobSample(
          size,
          await measureKernel(gpu, 'matmul-subgroup-matrix', shape, { measure }),
        );
      }
      case 'copy-engine': {
        const result = await measureCopyEngine(gpu, copyEngineBytes, { measure });
        return {
          size: `${(result.bytes / 2 ** 20).toFixed(1)} MiB`,
          medianSeconds: result.measurement.medianSeconds,
          bytes: 2 * result.bytes,
          flops: 0,
          verified: result.check.ok,
          timing: result.measurement.method,
        };
      }
    }
  };

  const samples = new Map<string, RunSample[]>(steps.map((s) => [s.name, []]));
  const failed = new Map<string, string>();
  for (let rep = 1; rep <= repetitions; rep++) {
    for (const step of steps) {
      if (failed.has(step.name)) continue;
      log(`repetition ${rep}/${repetitions}: ${step.name}`);
      try {
        samples.get(step.name)!.push(await run(step));
      } catch (error) {
        // Only the experimental tensor-core kernel may fail without failing the benchmark.
        if (step.kind !== 'tensor-cores') throw error;
        failed.set(step.name, error instanceof Error ? error.message : String(error));
      }
    }
  }

  const roofRates = medianRoofs(
    samples.get(ROOF_KERNELS.memory)!,
    samples.get(ROOF_KERNELS.compute)!,
  );
  const kernels: Record<string, BenchKernel> = {};
  for (const step of steps) {
    const runs = samples.get(step.name)!;
    if (runs.length > 0) kernels[step.name] = summarizeKernel(runs, roofRates);
  }
  const copyEngine = kernels[COPY_ENGINE_STEP];
  if (copyEngine) {
    // A copy: measured against the copy kernel, whatever its intensity says.
    copyEngine.bound = 'memory';
    copyEngine.fractionOfRoof = copyEngine.gbPerSecond / (roofRates.bytesPerSecond / 1e9);
  }
  const tc = kernels[TENSOR_CORE_STEP];
  const tcFailure = failed.get(TENSOR_CORE_STEP);
  if (tensorCores.available && tcFailure) {
    tensorCores = { available: false, reason: `The tensor-core matmul failed: ${tcFailure}` };
  } else if (tensorCores.available && tc && tensorCores.peakFlopsPerSecond) {
    tensorCores.fractionOfPeak = (tc.gflopPerSecond * 1e9) / tensorCores.peakFlopsPerSecond;
  }

  const report: BenchReport = {
    schema: 2,
    date: new Date().toISOString(),
    adapter: {
      vendor: a.vendor,
      architecture: a.architecture,
      device: a.device,
      description: a.description,
      isFallback: a.isFallback,
      timestampQuery: gpu.device.features.has('timestamp-query'),
      subgroups: gpu.device.features.has('subgroups'),
      ...(a.subgroupMaxSize ? { subgroupMaxSize: a.subgroupMaxSize } : {}),
      features: [...a.features],
    },
    driver: { runtime: 'browser', ...options.driver, description: a.description },
    method: {
      repetitions,
      warmUp:
        'roofs measured once (copy kernel, copyBufferToBuffer, FMA), a naive and a blocked ' +
        'matmul probe, and the tuned matmul sweep, all before the first timed kernel; each ' +
        'timed run also has its own untimed warm-up',
      order: steps.map((s) => s.name),
    },
    kernels,
    tuning,
    tensorCores,
    ratios: {
      copyKernelOverCopyBufferToBuffer: rateRatio(
        kernels,
        'copy',
        'copyBufferToBuffer',
        'gbPerSecond',
      ),
      reluOverCopyBandwidth: rateRatio(kernels, 'relu', 'copy', 'gbPerSecond'),
      reduceFastOverCopyBandwidth: rateRatio(kernels, 'reduce-fast', 'copy', 'gbPerSecond'),
      reduceFastOverReduceBandwidth: rateRatio(kernels, 'reduce-fast', 'reduce', 'gbPerSecond'),
      tiledOverNaiveThroughput: rateRatio(
        kernels,
        'matmul-tiled',
        'matmul-naive',
        'gflopPerSecond',
      ),
      blockedOverTiledThroughput: rateRatio(
        kernels,
        bigEdge > edge ? 'matmul-blocked (tiled shape)' : 'matmul-blocked',
        'matmul-tiled',
        'gflopPerSecond',
      ),
      tunedOverBlockedThroughput: rateRatio(
        kernels,
        'matmul-tuned',
        'matmul-blocked',
        'gflopPerSecond',
      ),
      ...(tc
        ? { tensorCoresOverFmaRoof: (tc.gflopPerSecond * 1e9) / roofRates.flopsPerSecond }
        : {}),
    },
    targets: benchTargets(kernels),
    seconds: (performance.now() - startMs) / 1000,
  };
  for (const line of formatBenchTable(report)) log(line);
  return report;
}
