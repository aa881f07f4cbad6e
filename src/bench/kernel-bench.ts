/**
 * The kernel benchmark: every lab kernel at a size scaled to the device, the copy engine for
 * comparison, each kernel's fraction of the device's measured roofs (the copy kernel's bandwidth
 * for memory-bound kernels, the FMA kernel's FLOP/s for compute-bound ones), and the ratios
 * that say how the steps of the lab compare. It runs on
 * any GpuContext, so the same code serves the browser page (kernels.html, driven by
 * scripts/bench-kernels.ts) and Node.
 */
import {
  describeSize,
  labDefaultSize,
  LAB_KERNEL_IDS,
  measureRoofs,
  roofFraction,
  runLabKernel,
  scaleToTarget,
  type CopyEngineResult,
  type GpuContext,
  type LabKernelId,
  type LabMeasureOptions,
  type LabRunResult,
  type LabSize,
  type MeasuredRoofs,
  type RoofFraction,
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
  /** The roof that limits it (memory: the copy kernel's bandwidth; compute: the FMA kernel's). */
  bound: RoofFraction['bound'];
  /** Its bandwidth or FLOP/s over that roof's. */
  fractionOfRoof: number;
}

/** A performance target of issue 14, set for a hardware GPU, and where this run stands. */
export interface BenchTarget {
  /** What is compared ("matmul-blocked FLOP/s over the FMA kernel's"). */
  measure: string;
  target: number;
  measured: number;
  met: boolean;
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
    /** Whether the device has the `subgroups` feature (the fast sum then uses subgroup adds). */
    subgroups: boolean;
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
    /** Register-blocked matmul FLOP/s over tiled matmul FLOP/s, same shape. */
    blockedOverTiledThroughput: number;
    /** Fast sum bandwidth over the simple sum's, same elements. */
    reduceFastOverReduceBandwidth: number;
  };
  /**
   * The targets for a hardware GPU: the register-blocked matmul at 40 % of the FMA roof (at
   * up to 4096³) and the fast sum at 85 % of the copy kernel's bandwidth. On a software adapter
   * they are reported but do not apply.
   */
  targets: Record<'matmul-blocked' | 'reduce-fast', BenchTarget>;
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
  /** Largest edge of the register-blocked matmul's own run (default 4096). */
  blockedMaxEdge?: number;
}

/** A lab result as a report entry, with its fraction of the measured roofs. */
function entry(result: LabRunResult, roofs: MeasuredRoofs): BenchKernel {
  const { descriptor } = result.plan;
  const fraction = roofFraction(
    {
      bytes: descriptor.bytesRead + descriptor.bytesWritten,
      flops: descriptor.flops,
      bytesPerSecond: result.bytesPerSecond,
      flopsPerSecond: result.flopsPerSecond,
    },
    roofs,
  );
  return {
    size: describeSize(result.kernel, result.size),
    medianSeconds: result.measurement.medianSeconds,
    relativeSpread: result.measurement.relativeSpread,
    gbPerSecond: result.bytesPerSecond / 1e9,
    gflopPerSecond: result.flopsPerSecond / 1e9,
    verified: result.check.ok,
    timing: result.measurement.method,
    bound: fraction.bound,
    fractionOfRoof: fraction.fraction,
  };
}

/** The run with the shortest median among runs of the same kernel and size. */
export function fastest(runs: LabRunResult[]): LabRunResult {
  return runs.reduce((best, r) =>
    r.measurement.medianSeconds < best.measurement.medianSeconds ? r : best,
  );
}

/** The copy engine's figure as a report entry (a copy: measured against the copy kernel). */
function copyEngineEntry(result: CopyEngineResult, roofs: MeasuredRoofs): BenchKernel {
  return {
    size: `${(result.bytes / 2 ** 20).toFixed(1)} MiB`,
    medianSeconds: result.measurement.medianSeconds,
    relativeSpread: result.measurement.relativeSpread,
    gbPerSecond: result.bytesPerSecond / 1e9,
    gflopPerSecond: 0,
    verified: result.check.ok,
    timing: result.measurement.method,
    bound: 'memory',
    fractionOfRoof: result.bytesPerSecond / roofs.bytesPerSecond,
  };
}

/** The largest edge the register-blocked matmul is run at: the 4096³. */
export const BLOCKED_MATMUL_MAX_EDGE = 4096;

/**
 * The edge the register-blocked matmul runs at: scaled from a run at `probeEdge` taking
 * `probeSeconds` (time grows with the cube of the edge) to about `targetSeconds`, rounded down
 * to a whole number of 128-wide blocks, never below `probeEdge` nor above `maxEdge`.
 */
export function blockedMatmulEdge(
  probeEdge: number,
  probeSeconds: number,
  targetSeconds = 0.04,
  maxEdge = BLOCKED_MATMUL_MAX_EDGE,
): number {
  if (!(probeSeconds > 0) || !Number.isFinite(probeSeconds)) return probeEdge;
  const scaled = probeEdge * Math.cbrt(targetSeconds / probeSeconds);
  const blocks = Math.floor(Math.min(scaled, maxEdge) / 128) * 128;
  return Math.max(probeEdge, blocks);
}

/** A rate for the table: whole numbers with separators from 100 up, three digits below. */
function rate(value: number): string {
  return value >= 100
    ? value.toLocaleString('en-US', { maximumFractionDigits: 0 })
    : value.toPrecision(3);
}

/** Formats a fraction as a percentage with one decimal ("44.3 %"). */
function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)} %`;
}

/**
 * The report as a table for people (stderr): one line per kernel with its size, rate, the roof
 * that limits it and the fraction of that roof, then the targets.
 */
export function formatBenchTable(report: BenchReport): string[] {
  const rows = Object.entries(report.kernels).map(([name, k]) => [
    name,
    k.size,
    k.bound === 'memory' ? `${rate(k.gbPerSecond)} GB/s` : `${rate(k.gflopPerSecond)} GFLOP/s`,
    k.bound === 'memory' ? 'copy kernel GB/s' : 'FMA kernel GFLOP/s',
    percent(k.fractionOfRoof),
    k.verified ? 'yes' : 'NO',
  ]);
  const header = ['kernel', 'size', 'rate', 'roof', 'of roof', 'verified'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const targets = Object.entries(report.targets).map(
    ([name, t]) =>
      `target ${name}: ${t.measure} ${percent(t.measured)} against ${percent(t.target)}` +
      ` (${t.met ? 'met' : 'not met'}${report.adapter.isFallback ? '; a software adapter, the target is for a hardware GPU' : ''})`,
  );
  return [line(header), ...rows.map(line), ...targets];
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
  const roofRates: MeasuredRoofs = {
    bytesPerSecond: copy.bytesPerSecond,
    flopsPerSecond: roofs.compute.flopsPerSecond,
  };
  const reduce = await run('reduce', { elements });
  const reduceFast = await run('reduce-fast', { elements });

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
  const blockedSame = await run('matmul-blocked', shape);
  // The register-blocked kernel also runs as large as about 40 ms a run allows, up to 4096³,
  // where a real GPU's workgroups all have work and its figure is compared with the roof.
  const bigEdge = blockedMatmulEdge(
    edge,
    blockedSame.measurement.medianSeconds,
    0.04,
    options.blockedMaxEdge ?? BLOCKED_MATMUL_MAX_EDGE,
  );
  const blocked =
    bigEdge > edge
      ? await run('matmul-blocked', { m: bigEdge, n: bigEdge, k: bigEdge })
      : blockedSame;

  const kernels: BenchReport['kernels'] = {
    relu: entry(relu, roofRates),
    copy: entry(copy, roofRates),
    reduce: entry(reduce, roofRates),
    'reduce-fast': entry(reduceFast, roofRates),
    'matmul-naive': entry(naive, roofRates),
    'matmul-tiled': entry(tiled, roofRates),
    'matmul-blocked': entry(blocked, roofRates),
    fma: entry(roofs.compute, roofRates),
    copyBufferToBuffer: copyEngineEntry(roofs.copyEngine, roofRates),
  };
  if (blocked !== blockedSame)
    kernels['matmul-blocked (tiled shape)'] = entry(blockedSame, roofRates);
  // A kernel added to the registry since these cases were written runs at its lab default.
  for (const id of LAB_KERNEL_IDS) {
    if (!(id in kernels)) kernels[id] = entry(await run(id, labDefaultSize(id)), roofRates);
  }
  const blockedOfFma = blocked.flopsPerSecond / roofRates.flopsPerSecond;
  const fastOfCopy = reduceFast.bytesPerSecond / roofRates.bytesPerSecond;
  const report: BenchReport = {
    adapter: {
      vendor: a.vendor,
      architecture: a.architecture,
      device: a.device,
      description: a.description,
      isFallback: a.isFallback,
      timestampQuery: gpu.device.features.has('timestamp-query'),
      subgroups: gpu.device.features.has('subgroups'),
    },
    kernels,
    ratios: {
      copyKernelOverCopyBufferToBuffer: copy.bytesPerSecond / roofs.copyEngine.bytesPerSecond,
      reluOverCopyBandwidth: relu.bytesPerSecond / copy.bytesPerSecond,
      tiledOverNaiveThroughput: tiled.flopsPerSecond / naive.flopsPerSecond,
      blockedOverTiledThroughput: blockedSame.flopsPerSecond / tiled.flopsPerSecond,
      reduceFastOverReduceBandwidth: reduceFast.bytesPerSecond / reduce.bytesPerSecond,
    },
    targets: {
      'matmul-blocked': {
        measure: `FLOP/s at ${describeSize('matmul-blocked', blocked.size)} over the FMA kernel's`,
        target: 0.4,
        measured: blockedOfFma,
        met: blockedOfFma >= 0.4,
      },
      'reduce-fast': {
        measure: "bandwidth over the copy kernel's",
        target: 0.85,
        measured: fastOfCopy,
        met: fastOfCopy >= 0.85,
      },
    },
    seconds: (performance.now() - startMs) / 1000,
  };
  for (const line of formatBenchTable(report)) log(line);
  return report;
}
