/**
 * The kernel benchmark's report and how it is assembled from repeated runs: each kernel's median
 * over the repetitions with its extremes, rates and fraction of the measured roofs, the targets
 * of issue 23 (set in the lab kernels' records), the adapter and driver it ran on, and the table
 * for people. Pure: the runs come in as plain samples (kernel-bench.ts makes them).
 */
import {
  LAB_KERNEL_IDS,
  LAB_KERNELS,
  roofFraction,
  type MeasuredRoofs,
  type RoofFraction,
} from '../gpu';
import { repetitionSpread } from './bench-stats';
import type { TimingMethod } from '../compute/timing/harness';

/** One timed run of one kernel in one repetition. */
export interface RunSample {
  /** The size in words ("16,777,216 elements", "4096 x 4096 x 4096"). */
  size: string;
  medianSeconds: number;
  /** Bytes read plus written, and FLOPs, of one run (the plan's descriptor). */
  bytes: number;
  flops: number;
  verified: boolean;
  timing: TimingMethod;
}

/** One benchmarked kernel, over the repetitions. */
export interface BenchKernel {
  size: string;
  /** Median over the repetitions of each repetition's median run time. */
  medianSeconds: number;
  minSeconds: number;
  maxSeconds: number;
  /** Each repetition's median run time, in order. */
  repetitionSeconds: number[];
  /** Half the range of the repetitions over their median (0: they agreed). */
  relativeSpread: number;
  gbPerSecond: number;
  gflopPerSecond: number;
  /** Every repetition's output passed its check. */
  verified: boolean;
  timing: TimingMethod;
  /** The roof that limits it (memory: the copy kernel's bandwidth; compute: the FMA kernel's). */
  bound: RoofFraction['bound'];
  /** Its bandwidth or FLOP/s over that roof's, at the median. */
  fractionOfRoof: number;
  /** The same at its slowest and fastest repetition. */
  fractionRange: [number, number];
}

/** A performance target of issue 23, set for a hardware GPU, and where this run stands. */
export interface BenchTarget {
  /** What is compared ("matmul-tuned FLOP/s at 4096 x 4096 x 4096 over the FMA kernel's"). */
  measure: string;
  target: number;
  measured: number;
  met: boolean;
}

/** The adapter a report was measured on. */
export interface BenchAdapter {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  isFallback: boolean;
  timestampQuery: boolean;
  /** Whether the device has `subgroups` (the fast sum then uses subgroup adds). */
  subgroups: boolean;
  subgroupMaxSize?: number;
  /** The adapter's features, sorted. */
  features: string[];
}

/** What runs the WebGPU calls: the browser or Node with Dawn, and their versions. */
export interface BenchDriver {
  runtime: 'node' | 'browser';
  /** The adapter's description, where the driver's version usually is ("NVIDIA: 580.159.04"). */
  description: string;
  /** In Node: `process.versions` (node, v8, ...). */
  versions?: Record<string, string>;
  /** In Node: the `webgpu` package's version (Dawn's build). */
  webgpuPackage?: string;
  /** Dawn toggles the instance was created with. */
  toggles?: string[];
  /** In a browser: its user agent. */
  userAgent?: string;
}

/** The tuned matmul's sweep, as the report records it. */
export interface BenchTuning {
  /** The chosen tile's id ("128x128x16-8x8"). */
  chosen: string;
  sweepEdge: number;
  /** Every variant's FLOP/s at the sweep's size (0 when its check failed), by tile id. */
  gflopPerSecondByTile: Record<string, number>;
}

/** The tensor-core matmul: measured (an entry in `kernels`) or why it is absent. */
export type BenchTensorCores =
  | {
      available: true;
      /** The subgroup-matrix configuration ("f16→f32 16x16x16"). */
      config: string;
      /** The catalog's dense fp16 tensor-core peak for this GPU, FLOP/s, when it is known. */
      peakFlopsPerSecond: number | null;
      /** Median FLOP/s over that peak, or null without a peak. */
      fractionOfPeak: number | null;
    }
  | { available: false; reason: string };

/** The whole report: the last stdout line of the benchmark. */
export interface BenchReport {
  /** 2: repetitions, adapter features, driver, tuning and tensor cores. */
  schema: 2;
  /** When it ran (ISO 8601). */
  date: string;
  adapter: BenchAdapter;
  driver: BenchDriver;
  method: {
    repetitions: number;
    /** What ran before the first timed kernel. */
    warmUp: string;
    /** The kernels in the order each repetition ran them. */
    order: string[];
  };
  kernels: Record<string, BenchKernel>;
  tuning: BenchTuning | null;
  tensorCores: BenchTensorCores;
  ratios: Record<string, number>;
  targets: Record<string, BenchTarget>;
  /** Seconds the whole benchmark took. */
  seconds: number;
}

/** A kernel's repetitions summarised against the roofs; throws a RangeError for none. */
export function summarizeKernel(samples: readonly RunSample[], roofs: MeasuredRoofs): BenchKernel {
  const seconds = samples.map((s) => s.medianSeconds);
  const spread = repetitionSpread(seconds);
  const first = samples[0]!;
  const fractionAt = (time: number): RoofFraction =>
    roofFraction(
      {
        bytes: first.bytes,
        flops: first.flops,
        bytesPerSecond: time > 0 ? first.bytes / time : 0,
        flopsPerSecond: time > 0 ? first.flops / time : 0,
      },
      roofs,
    );
  const atMedian = fractionAt(spread.median);
  return {
    size: first.size,
    medianSeconds: spread.median,
    minSeconds: spread.min,
    maxSeconds: spread.max,
    repetitionSeconds: seconds,
    relativeSpread: spread.relativeHalfRange,
    gbPerSecond: spread.median > 0 ? first.bytes / spread.median / 1e9 : 0,
    gflopPerSecond: spread.median > 0 ? first.flops / spread.median / 1e9 : 0,
    verified: samples.every((s) => s.verified),
    timing: samples.every((s) => s.timing === 'timestamp-query') ? 'timestamp-query' : 'completion',
    bound: atMedian.bound,
    fractionOfRoof: atMedian.fraction,
    fractionRange: [fractionAt(spread.max).fraction, fractionAt(spread.min).fraction],
  };
}

/**
 * The roofs the fractions use: the copy kernel's and the FMA kernel's rates at their median
 * over the repetitions.
 */
export function medianRoofs(copy: readonly RunSample[], fma: readonly RunSample[]): MeasuredRoofs {
  const rate = (samples: readonly RunSample[], of: 'bytes' | 'flops'): number => {
    const median = repetitionSpread(samples.map((s) => s.medianSeconds)).median;
    return median > 0 ? samples[0]![of] / median : 0;
  };
  return { bytesPerSecond: rate(copy, 'bytes'), flopsPerSecond: rate(fma, 'flops') };
}

/** A kernel's rate over another's (both at their medians), or NaN when one is missing. */
export function rateRatio(
  kernels: Record<string, BenchKernel>,
  over: string,
  under: string,
  unit: 'gbPerSecond' | 'gflopPerSecond',
): number {
  const a = kernels[over];
  const b = kernels[under];
  return a && b && b[unit] > 0 ? a[unit] / b[unit] : Number.NaN;
}

/**
 * The targets of issue 23 that the lab kernels' records set (`bench.target`), for those that
 * ran, in the list's order: a matmul step's FLOP/s over the FMA kernel's, any other kernel's
 * bandwidth over the copy kernel's.
 */
export function benchTargets(kernels: Record<string, BenchKernel>): Record<string, BenchTarget> {
  const targets: Record<string, BenchTarget> = {};
  for (const id of LAB_KERNEL_IDS) {
    const { bench, step } = LAB_KERNELS[id];
    const kernel = kernels[id];
    if (bench.target === undefined || !kernel) continue;
    targets[id] = {
      measure:
        step === 'matmul'
          ? `FLOP/s at ${kernel.size} over the FMA kernel's`
          : "bandwidth over the copy kernel's",
      target: bench.target,
      measured: kernel.fractionOfRoof,
      met: kernel.fractionOfRoof >= bench.target,
    };
  }
  return targets;
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
 * The report as a table for people (stderr): one line per kernel with its size, median rate, the
 * roof that limits it, the fraction of that roof at the median and its range over the
 * repetitions, then the targets.
 */
export function formatBenchTable(
  report: Pick<BenchReport, 'kernels' | 'targets'> & { adapter: Pick<BenchAdapter, 'isFallback'> },
): string[] {
  const rows = Object.entries(report.kernels).map(([name, k]) => [
    name,
    k.size,
    k.bound === 'memory' ? `${rate(k.gbPerSecond)} GB/s` : `${rate(k.gflopPerSecond)} GFLOP/s`,
    k.bound === 'memory' ? 'copy kernel GB/s' : 'FMA kernel GFLOP/s',
    percent(k.fractionOfRoof),
    `${(k.fractionRange[0] * 100).toFixed(1)}-${(k.fractionRange[1] * 100).toFixed(1)} %`,
    k.verified ? 'yes' : 'NO',
  ]);
  const header = ['kernel', 'size', 'rate', 'roof', 'of roof', 'range', 'verified'];
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
