/**
 * Runs the explorer's ReLU kernel on a real WebGPU device and times it: one warm-up dispatch,
 * a calibration dispatch, then batches of back-to-back dispatches whose wall-clock time is
 * divided by the dispatch count. Returns the output so the caller can check it against the CPU
 * reference before showing any time.
 */
import type { GpuContext } from '../../device';
import { gridForItems, type DispatchGrid } from '../../dispatch';
import { scoped, withErrorScopes } from '../../error-scopes';
import { guardRun, type RunGuard } from '../../run-guard';
import reluWgsl from './explorer-elementwise.wgsl?raw';
import {
  ELEMENTWISE_BYTES_PER_ELEMENT,
  validateElementCount,
  validateWorkgroupSize,
} from './explorer-elementwise';

/** Options for runElementwiseOnGpu. */
export interface ElementwiseRunOptions {
  /** Threads per workgroup wanted; lowered to the device's limits (see `workgroupSize`). */
  workgroupSize: number;
  /** Aborting rejects at once with the signal's reason. */
  signal?: AbortSignal;
  /** Wall-clock seconds each timed batch aims for (default 0.05). */
  targetBatchSeconds?: number;
  /** Timed batches; the median is reported (default 3). */
  batches?: number;
  /** Most dispatches in one batch (default 200). */
  maxRepeats?: number;
}

/** What a timed run produced. */
export interface ElementwiseRun {
  /** The kernel's output after the last dispatch. */
  output: Float32Array;
  /** Median over batches of (batch wall-clock seconds / dispatches in the batch). */
  secondsPerKernel: number;
  /** Dispatches in each timed batch. */
  repeats: number;
  batches: number;
  /** Workgroup size actually used (the wanted one, capped by the device's limits). */
  workgroupSize: number;
  grid: DispatchGrid;
}

/** The device limits that bound a run's buffers and workgroups. */
export interface ElementwiseLimits {
  maxStorageBufferBindingSize: number;
  maxBufferSize: number;
  maxComputeInvocationsPerWorkgroup: number;
  maxComputeWorkgroupSizeX: number;
  maxComputeWorkgroupsPerDimension: number;
}

/** The workgroup size a device allows: the wanted one, capped by both workgroup limits. */
export function allowedWorkgroupSize(wanted: number, limits: ElementwiseLimits): number {
  validateWorkgroupSize(wanted);
  return Math.min(
    wanted,
    limits.maxComputeInvocationsPerWorkgroup,
    limits.maxComputeWorkgroupSizeX,
  );
}

/** Throws a RangeError, naming the limit, when `elements` f32 values do not fit one buffer. */
export function checkElementwiseBuffers(elements: number, limits: ElementwiseLimits): number {
  validateElementCount(elements);
  const bytes = elements * ELEMENTWISE_BYTES_PER_ELEMENT;
  const most = Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
  if (bytes > most) {
    throw new RangeError(
      `${elements.toLocaleString('en-US')} elements need ${bytes.toLocaleString('en-US')} bytes ` +
        `per buffer, but this GPU binds at most ${most.toLocaleString('en-US')} bytes.`,
    );
  }
  return bytes;
}

/** Dispatches per timed batch: enough to fill `targetSeconds`, within [1, maxRepeats]. */
export function repeatsFor(
  oneKernelSeconds: number,
  targetSeconds: number,
  maxRepeats: number,
): number {
  if (!(oneKernelSeconds > 0)) return maxRepeats;
  return Math.max(1, Math.min(maxRepeats, Math.ceil(targetSeconds / oneKernelSeconds)));
}

/** The middle value of a non-empty list (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

const pipelineCache = new WeakMap<GPUDevice, Map<number, Promise<GPUComputePipeline>>>();

/** Compiles the shader and a pipeline for one workgroup size, with compiler messages on failure. */
async function buildPipeline(
  device: GPUDevice,
  workgroupSize: number,
): Promise<GPUComputePipeline> {
  const module = await withErrorScopes(device, 'compile the ReLU shader', () =>
    device.createShaderModule({ label: 'explorer relu', code: reluWgsl }),
  );
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) {
    const lines = errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ');
    throw new Error(`The ReLU shader did not compile: ${lines}`);
  }
  try {
    return await device.createComputePipelineAsync({
      label: `explorer relu x${workgroupSize}`,
      layout: 'auto',
      compute: { module, entryPoint: 'relu', constants: { WORKGROUP_SIZE: workgroupSize } },
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`WebGPU could not build the ReLU pipeline: ${detail}`);
  }
}

/** The device's pipeline for a workgroup size, compiled on first use; a failure is retried. */
function reluPipeline(device: GPUDevice, workgroupSize: number): Promise<GPUComputePipeline> {
  let bySize = pipelineCache.get(device);
  if (!bySize) {
    bySize = new Map();
    pipelineCache.set(device, bySize);
  }
  let pipeline = bySize.get(workgroupSize);
  if (!pipeline) {
    pipeline = buildPipeline(device, workgroupSize);
    bySize.set(workgroupSize, pipeline);
    const cached = bySize;
    pipeline.catch(() => cached.delete(workgroupSize));
  }
  return pipeline;
}

/** The buffers and bind group of one run. */
interface Resources {
  input: GPUBuffer;
  output: GPUBuffer;
  readback: GPUBuffer;
  group: GPUBindGroup;
}

function createResources(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  bytes: number,
  params: Uint32Array<ArrayBuffer>,
  owned: GPUBuffer[],
): Resources {
  const buffer = (label: string, size: number, usage: number): GPUBuffer => {
    const created = device.createBuffer({ label, size, usage });
    owned.push(created);
    return created;
  };
  const uniform = buffer('relu params', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
  device.queue.writeBuffer(uniform, 0, params);
  const input = buffer('relu input', bytes, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST);
  const output = buffer('relu output', bytes, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC);
  const readback = buffer(
    'relu readback',
    bytes,
    GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
  );
  const group = device.createBindGroup({
    layout: pipeline.getBindGroupLayout(0),
    entries: [
      { binding: 0, resource: { buffer: uniform } },
      { binding: 1, resource: { buffer: input } },
      { binding: 2, resource: { buffer: output } },
    ],
  });
  return { input, output, readback, group };
}

/** Submits `repeats` dispatches in one command buffer and resolves with the wall-clock seconds. */
async function timedBatch(
  device: GPUDevice,
  guard: RunGuard,
  pipeline: GPUComputePipeline,
  res: Resources,
  grid: DispatchGrid,
  repeats: number,
): Promise<number> {
  const startMs = performance.now();
  const { error } = scoped(device, `run the ReLU kernel ${repeats} time(s)`, () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, res.group);
    for (let i = 0; i < repeats; i++) pass.dispatchWorkgroups(grid.x, grid.y);
    pass.end();
    device.queue.submit([encoder.finish()]);
  });
  const [, problem] = await guard.wait(Promise.all([device.queue.onSubmittedWorkDone(), error]));
  if (problem) throw problem;
  return (performance.now() - startMs) / 1000;
}

/** Copies the output to the readback buffer, maps it and returns a copy. */
async function readOutput(
  device: GPUDevice,
  guard: RunGuard,
  res: Resources,
  bytes: number,
): Promise<Float32Array> {
  const { error } = scoped(device, 'copy the output for reading', () => {
    const encoder = device.createCommandEncoder();
    encoder.copyBufferToBuffer(res.output, 0, res.readback, 0, bytes);
    device.queue.submit([encoder.finish()]);
  });
  const [, problem] = await guard.wait(
    Promise.all([res.readback.mapAsync(GPUMapMode.READ), error]),
  );
  if (problem) throw problem;
  const output = new Float32Array(res.readback.getMappedRange().slice(0));
  res.readback.unmap();
  return output;
}

/**
 * Runs ReLU over `input` on the GPU and times it. The time is wall clock from submit to the
 * queue reporting the work done, per dispatch, over back-to-back dispatches: it includes each
 * dispatch's own overhead but not shader compilation, uploads or reading the output back.
 * Throws a RangeError when the input does not fit the device, an Error when WebGPU reports a
 * problem or the device is lost, and the signal's reason when aborted. Buffers are destroyed
 * before it returns or throws.
 */
export async function runElementwiseOnGpu(
  gpu: GpuContext,
  input: Float32Array<ArrayBuffer>,
  opts: ElementwiseRunOptions,
): Promise<ElementwiseRun> {
  const device = gpu.device;
  const limits: ElementwiseLimits = device.limits;
  const bytes = checkElementwiseBuffers(input.length, limits);
  const workgroupSize = allowedWorkgroupSize(opts.workgroupSize, limits);
  const grid = gridForItems(input.length, workgroupSize, limits.maxComputeWorkgroupsPerDimension);
  const batches = opts.batches ?? 3;
  const guard = guardRun(gpu, opts.signal);
  const owned: GPUBuffer[] = [];
  try {
    guard.check();
    const pipeline = await guard.wait(reluPipeline(device, workgroupSize));
    const params = new Uint32Array([input.length, grid.rowStride, 0, 0]);
    const res = await guard.wait(
      withErrorScopes(device, `allocate ${3 * bytes} bytes of buffers`, () =>
        createResources(device, pipeline, bytes, params, owned),
      ),
    );
    device.queue.writeBuffer(res.input, 0, input);
    await guard.wait(device.queue.onSubmittedWorkDone());

    await timedBatch(device, guard, pipeline, res, grid, 1); // warm-up: first use costs extra
    const one = await timedBatch(device, guard, pipeline, res, grid, 1);
    const repeats = repeatsFor(one, opts.targetBatchSeconds ?? 0.05, opts.maxRepeats ?? 200);
    const perKernel: number[] = [];
    for (let b = 0; b < batches; b++) {
      perKernel.push((await timedBatch(device, guard, pipeline, res, grid, repeats)) / repeats);
    }
    guard.check();
    const output = await readOutput(device, guard, res, bytes);
    return { output, secondsPerKernel: median(perKernel), repeats, batches, workgroupSize, grid };
  } finally {
    guard.dispose();
    for (const buffer of owned) buffer.destroy();
  }
}
