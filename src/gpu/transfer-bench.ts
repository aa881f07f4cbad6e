/**
 * Measures this device's host-to-GPU upload and GPU-to-host readback bandwidth through WebGPU,
 * for a range of sizes. Upload: `queue.writeBuffer` of a JavaScript array, timed until
 * `onSubmittedWorkDone`. Readback: a GPU copy into a mappable buffer, `mapAsync`, and a copy of
 * the mapped bytes into JavaScript memory. Every read-back is checked against what was written.
 * Timed by the harness like every GPU measurement (warm-up, batches of transfers grown to a
 * minimum length, median and spread), on completion: transfers cannot carry GPU timestamps.
 */
import type { GpuContext } from './device';
import { withErrorScopes } from './error-scopes';
import { patternBytes, sameBytes } from './transfer-bytes';
import { adapterLabel } from './adapter-summary';
import { performanceClock, timeCompletion, type Clock } from '../compute/timing/clock';
import { measureRuns, type MeasureOptions, type Measurement } from '../compute/timing/harness';

/** Which way a measurement goes. */
export type BenchDirection = 'upload' | 'readback';

/** One measured size in one direction. */
export interface BandwidthPoint {
  bytes: number;
  direction: BenchDirection;
  /** Median seconds of one transfer. */
  seconds: number;
  bytesPerSecond: number;
  /** Transfers timed in all (timed batches x transfers per batch). */
  repeats: number;
  /** Half the interquartile range over the median. */
  relativeSpread: number;
  /** True when the bytes read back equal the bytes written. */
  verified: boolean;
}

/** Options of a measurement run. */
export interface BenchOptions {
  sizes: readonly number[];
  /** Harness options for each size and direction (default: the harness's). */
  measure?: Omit<MeasureOptions, 'signal' | 'onProgress'>;
  onPoint?(point: BandwidthPoint): void;
  signal?: AbortSignal;
  /** The clock transfers are timed on (tests inject one). */
  clock?: Clock;
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

async function measureSize(
  gpu: GpuContext,
  bytes: number,
  options: BenchOptions,
  clock: Clock,
): Promise<BandwidthPoint[]> {
  const device = gpu.device;
  const harness: MeasureOptions = {
    ...options.measure,
    ...(options.signal ? { signal: options.signal } : {}),
  };
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
    // Uploads queue back to back and are waited for once; read-backs map one after another.
    const uploads = (repeats: number) =>
      timeCompletion(clock, async () => {
        for (let r = 0; r < repeats; r++) device.queue.writeBuffer(buffer, 0, data);
        await device.queue.onSubmittedWorkDone();
      });
    let received = new Uint8Array(0);
    const readbacks = (repeats: number) =>
      timeCompletion(clock, async () => {
        for (let r = 0; r < repeats; r++) {
          const encoder = device.createCommandEncoder();
          encoder.copyBufferToBuffer(buffer, 0, staging, 0, bytes);
          device.queue.submit([encoder.finish()]);
          await staging.mapAsync(GPUMapMode.READ);
          received = new Uint8Array(staging.getMappedRange().slice(0));
          staging.unmap();
        }
      });
    const uploadMeasurement = await measureRuns(uploads, harness);
    checkAbort(options.signal);
    const readMeasurement = await measureRuns(readbacks, harness);
    const verified = sameBytes(received, data);
    const point = (direction: BenchDirection, m: Measurement): BandwidthPoint => {
      const seconds = Math.max(m.medianSeconds, 1e-9);
      return {
        bytes,
        direction,
        seconds,
        bytesPerSecond: bytes / seconds,
        repeats: m.samples * m.repeatsPerBatch,
        relativeSpread: m.relativeSpread,
        verified,
      };
    };
    return [point('upload', uploadMeasurement), point('readback', readMeasurement)];
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
  const clock = options.clock ?? performanceClock;
  const points: BandwidthPoint[] = [];
  const maxBufferSize = gpu.device.limits.maxBufferSize;
  for (const bytes of options.sizes) {
    checkAbort(options.signal);
    if (gpu.isLost()) throw new Error('The GPU device was lost during the measurement.');
    if (bytes % 4 !== 0 || bytes > maxBufferSize)
      throw new RangeError(
        `cannot measure ${bytes} bytes: sizes must be multiples of 4 and at most ${maxBufferSize}`,
      );
    for (const point of await measureSize(gpu, bytes, options, clock)) {
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
