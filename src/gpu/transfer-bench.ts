/**
 * Measures this device's host-to-GPU upload and GPU-to-host readback bandwidth through WebGPU,
 * for a range of sizes. Upload: `queue.writeBuffer` of a JavaScript array, timed until
 * `onSubmittedWorkDone`. Readback: a GPU copy into a mappable buffer, `mapAsync`, and a copy of
 * the mapped bytes into JavaScript memory. Every read-back is checked against what was written.
 * Times are wall-clock (performance.now), medians of several repetitions after a warm-up.
 */
import type { GpuContext } from './device';
import { withErrorScopes } from './error-scopes';
import { median, patternBytes, repetitionsFor, sameBytes } from './transfer-bench-plan';
import { adapterLabel } from './adapter-summary';

/** Which way a measurement goes. */
export type BenchDirection = 'upload' | 'readback';

/** One measured size in one direction. */
export interface BandwidthPoint {
  bytes: number;
  direction: BenchDirection;
  /** Median seconds of one transfer. */
  seconds: number;
  bytesPerSecond: number;
  repeats: number;
  /** True when the bytes read back equal the bytes written. */
  verified: boolean;
}

/** Options of a measurement run. */
export interface BenchOptions {
  sizes: readonly number[];
  /** About how long to spend timing each size and direction (default 0.05 s). */
  targetSeconds?: number;
  onPoint?(point: BandwidthPoint): void;
  signal?: AbortSignal;
  now?(): number;
}

/** What a run produced. */
export interface BenchResult {
  points: BandwidthPoint[];
  /** The adapter is a software fallback: these are memory copies in RAM, not a bus. */
  fallback: boolean;
  adapterDescription: string;
}

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw signal.reason ?? new DOMException('The measurement was cancelled.', 'AbortError');
}

async function timeRepeated(
  once: () => Promise<void>,
  targetSeconds: number,
  now: () => number,
  signal?: AbortSignal,
): Promise<number[]> {
  await once(); // warm-up: first-use costs (allocation, mapping) are not bandwidth
  const start = now();
  await once();
  const first = now() - start;
  const times = [first];
  const repeats = repetitionsFor(first, targetSeconds);
  for (let i = 1; i < repeats; i++) {
    checkAbort(signal);
    const t0 = now();
    await once();
    times.push(now() - t0);
  }
  return times;
}

async function measureSize(
  gpu: GpuContext,
  bytes: number,
  options: BenchOptions,
  now: () => number,
): Promise<BandwidthPoint[]> {
  const device = gpu.device;
  const target = options.targetSeconds ?? 0.05;
  const data = patternBytes(bytes, bytes);
  const [buffer, staging] = await withErrorScopes(
    device,
    `allocate two ${bytes}-byte buffers`,
    () => [
      device.createBuffer({
        label: 'bench data',
        size: bytes,
        usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC,
      }),
      device.createBuffer({
        label: 'bench readback',
        size: bytes,
        usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
      }),
    ],
  );
  try {
    const upload = async () => {
      device.queue.writeBuffer(buffer, 0, data);
      await device.queue.onSubmittedWorkDone();
    };
    let received = new Uint8Array(0);
    const readback = async () => {
      const encoder = device.createCommandEncoder();
      encoder.copyBufferToBuffer(buffer, 0, staging, 0, bytes);
      device.queue.submit([encoder.finish()]);
      await staging.mapAsync(GPUMapMode.READ);
      received = new Uint8Array(staging.getMappedRange().slice(0));
      staging.unmap();
    };
    const uploadTimes = await timeRepeated(upload, target, now, options.signal);
    checkAbort(options.signal);
    const readTimes = await timeRepeated(readback, target, now, options.signal);
    const verified = sameBytes(received, data);
    const point = (direction: BenchDirection, times: number[]): BandwidthPoint => {
      const seconds = Math.max(median(times), 1e-9);
      return {
        bytes,
        direction,
        seconds,
        bytesPerSecond: bytes / seconds,
        repeats: times.length,
        verified,
      };
    };
    return [point('upload', uploadTimes), point('readback', readTimes)];
  } finally {
    buffer.destroy();
    staging.destroy();
  }
}

/** Measures every size in `options.sizes`, smallest first, reporting each point as it lands. */
export async function measureTransferBandwidth(
  gpu: GpuContext,
  options: BenchOptions,
): Promise<BenchResult> {
  const now = options.now ?? (() => performance.now() / 1000);
  const points: BandwidthPoint[] = [];
  const maxBufferSize = gpu.device.limits.maxBufferSize;
  for (const bytes of options.sizes) {
    checkAbort(options.signal);
    if (gpu.isLost()) throw new Error('The GPU device was lost during the measurement.');
    if (bytes % 4 !== 0 || bytes > maxBufferSize)
      throw new RangeError(
        `cannot measure ${bytes} bytes: sizes must be multiples of 4 and at most ${maxBufferSize}`,
      );
    for (const point of await measureSize(gpu, bytes, options, now)) {
      points.push(point);
      options.onPoint?.(point);
    }
  }
  const a = gpu.adapter;
  return {
    points,
    fallback: a.isFallback,
    adapterDescription: adapterLabel(a),
  };
}
