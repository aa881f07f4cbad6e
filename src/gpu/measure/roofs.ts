/**
 * Measures the device's own roofs: memory bandwidth with the copy kernel (and, for comparison,
 * with `copyBufferToBuffer`, the copy the driver does itself) and arithmetic throughput with the
 * FMA kernel. Sizes are scaled from a quick probe (roof-sizes.ts). Every measurement is checked
 * like any lab run: the copies must reproduce their input, the FMA chains their reference.
 */
import { readF32 } from '../buffers';
import type { GpuContext } from '../device';
import { withErrorScopes } from '../error-scopes';
import type { JobMeasureOptions } from '../jobs/measure-job';
import { maxCount } from '../kernels/lab-kernels';
import type { CountSize } from '../sizes/lab-facet';
import { makeInput } from '../../compute/inputs';
import { performanceClock, type Clock } from '../../compute/timing/clock';
import { recordBetweenEmptyPasses, withBatchTimer } from '../timing/gpu-batch-timer';
import { withRun } from '../with-run';
import { measureRuns, type Measurement } from '../../compute/timing/harness';
import { checkEveryElement, type F32Check } from '../../compute/verify-f32';
import { measureKernel, type KernelMeasurement, type LabRun } from './measure-kernel';
import { MIN_ROOF_COPY_ELEMENTS, MIN_ROOF_FMA_THREADS, scaleToTarget } from './roof-sizes';

/** The kernels whose rates are the roofs: the copy kernel's bandwidth, the FMA kernel's FLOP/s. */
export const ROOF_KERNELS = { memory: 'copy', compute: 'fma' } as const;

/** The copy engine's figure: `copyBufferToBuffer` between two buffers. */
export interface CopyEngineResult {
  bytes: number;
  measurement: Measurement;
  check: F32Check;
  /** Bytes read plus bytes written, over the median time. */
  bytesPerSecond: number;
}

/** A device's measured roofs. */
export interface DeviceRoofs {
  /** The copy kernel at a large size: the memory roof a shader reaches. */
  memory: LabRun;
  /** `copyBufferToBuffer` over the same bytes. */
  copyEngine: CopyEngineResult;
  /** The FMA kernel at a large size: the compute roof. */
  compute: LabRun;
}

/** Progress of a roof measurement. */
export interface RoofProgress {
  step: 'memory' | 'copy-engine' | 'compute';
  /** Share of all three steps done, 0..1. */
  fraction: number;
}

/** Options of `measureRoofs`. */
export interface RoofOptions {
  signal?: AbortSignal;
  onProgress?(progress: RoofProgress): void;
  measure?: JobMeasureOptions;
  /** vec4s per invocation of the copy kernel (by default its choice for the adapter). */
  vec4sPerInvocation?: number;
}

/** A run without its output and detail, which a roof does not keep. */
function withoutOutput(run: KernelMeasurement<'copy' | 'fma', CountSize>): LabRun {
  const { output, detail, ...rest } = run;
  void output;
  void detail;
  return rest;
}

/** The size of a roof kernel's run: `elements`, and the copy kernel's width when one is set. */
function roofSize(
  kernel: 'copy' | 'fma',
  elements: number,
  options: RoofOptions,
): { elements: number; vec4sPerInvocation?: number } {
  return kernel === 'copy' && options.vec4sPerInvocation
    ? { elements, vec4sPerInvocation: options.vec4sPerInvocation }
    : { elements };
}

/** Seconds of one untimed-batch probe run of a kernel at a small size. */
async function probeSeconds(
  gpu: GpuContext,
  kernel: 'copy' | 'fma',
  elements: number,
  options: RoofOptions,
): Promise<number> {
  const probe = await measureKernel(gpu, kernel, roofSize(kernel, elements, options), {
    ...(options.signal ? { signal: options.signal } : {}),
    measure: { samples: 1, minSamples: 1, warmupBatches: 1, minBatchSeconds: 0.002 },
  });
  return probe.measurement.medianSeconds;
}

/** Times `copyBufferToBuffer` of `bytes` between two buffers, and checks the copy. */
export async function measureCopyEngine(
  gpu: GpuContext,
  bytes: number,
  options: Pick<RoofOptions, 'signal' | 'measure'> & {
    onProgress?(fraction: number): void;
    clock?: Clock;
  },
): Promise<CopyEngineResult> {
  const { device } = gpu;
  const clock = options.clock ?? performanceClock;
  return withRun(gpu, options.signal, async (guard, buffers) => {
    const elements = bytes / 4;
    const input = makeInput(elements, 0xc0b1);
    const [src, dst] = await withErrorScopes(device, 'allocate the copy-engine buffers', () => {
      const usage = GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
      const pair = [
        buffers.create('copy src', bytes, usage),
        buffers.create('copy dst', bytes, usage),
      ] as const;
      device.queue.writeBuffer(pair[0], 0, input);
      return pair;
    });
    const measurement = await withBatchTimer(device, guard.wait, clock, (timer) =>
      measureRuns(
        (repeats) =>
          timer.time(`copy ${bytes} bytes ${repeats} time(s)`, (encoder, writes) =>
            recordBetweenEmptyPasses(encoder, writes, (e) => {
              for (let r = 0; r < repeats; r++) e.copyBufferToBuffer(src, 0, dst, 0, bytes);
            }),
          ),
        {
          ...options.measure,
          ...(options.signal ? { signal: options.signal } : {}),
          onProgress: (p) => options.onProgress?.(p.fraction),
        },
      ),
    );
    const result = await readF32(device, guard.wait, dst, bytes);
    const check = checkEveryElement(input, elements, result);
    return { bytes, measurement, check, bytesPerSecond: (2 * bytes) / measurement.medianSeconds };
  });
}

/** Measures the three roofs in turn: copy kernel, copy engine, FMA kernel. */
export async function measureRoofs(
  gpu: GpuContext,
  options: RoofOptions = {},
): Promise<DeviceRoofs> {
  const limits = gpu.device.limits;
  const report = (step: RoofProgress['step'], fraction: number): void =>
    options.onProgress?.({ step, fraction: Math.min(1, Math.max(0, fraction)) });
  const shared = {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.measure ? { measure: options.measure } : {}),
  };

  report('memory', 0);
  const copyMax = maxCount('copy', limits);
  const copyProbe = Math.min(copyMax, 1 << 20);
  const copyElements = scaleToTarget(
    copyProbe,
    await probeSeconds(gpu, 'copy', copyProbe, options),
    {
      min: MIN_ROOF_COPY_ELEMENTS,
      max: copyMax,
      multipleOf: 1024,
    },
  );
  const memory = await measureKernel(gpu, 'copy', roofSize('copy', copyElements, options), {
    ...shared,
    onProgress: (p) => report('memory', 0.05 + 0.3 * p.fraction),
  });

  report('copy-engine', 0.35);
  const copyEngine = await measureCopyEngine(gpu, copyElements * 4, {
    ...shared,
    onProgress: (f) => report('copy-engine', 0.35 + 0.2 * f),
  });

  report('compute', 0.55);
  const fmaMax = maxCount('fma', limits);
  const fmaProbe = Math.min(fmaMax, 1 << 12);
  const threads = scaleToTarget(fmaProbe, await probeSeconds(gpu, 'fma', fmaProbe, options), {
    min: MIN_ROOF_FMA_THREADS,
    max: Math.min(fmaMax, 1 << 22),
    multipleOf: 256,
  });
  const compute = await measureKernel(
    gpu,
    'fma',
    { elements: threads },
    { ...shared, onProgress: (p) => report('compute', 0.6 + 0.4 * p.fraction) },
  );
  report('compute', 1);
  return { memory: withoutOutput(memory), copyEngine, compute: withoutOutput(compute) };
}
