/**
 * Runs the CPU-vs-GPU race on a real WebGPU device: the serial chain first (one invocation),
 * then the batch of independent tasks in chunks so progress can be shown, then one readback.
 */
import type { GpuContext } from './device';
import { gridForItems, planChunks } from './dispatch';
import { scoped, withErrorScopes } from './error-scopes';
import {
  RACE_SERIAL_SEED,
  RACE_WORKGROUP_SIZE,
  validateRaceJob,
  type RaceJob,
} from './kernels/race/race';
import { raceBufferBytes, type RaceBufferBytes } from './race-limits';
import { racePipelines, type RacePipelines } from './race-pipelines';
import { guardRun, type RunGuard } from './run-guard';

/** Progress of a GPU race: tasks finished so far and whether the serial chain is done. */
export interface GpuRaceProgress {
  tasks: number;
  serialDone: boolean;
}

/** Options for runRaceOnGpu. */
export interface GpuRaceOptions {
  /** Called after the serial stage and after each batch chunk completes on the GPU. */
  onProgress?(done: GpuRaceProgress): void;
  /** Aborting stops the run between chunks and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** About how many chunks the batch is cut into (default 20); fewer for tiny batches. */
  targetChunks?: number;
}

/** What a GPU race produced and how long it took. */
export interface GpuRaceResult {
  /** Result of task i at index i. */
  results: Uint32Array;
  serialResult: number;
  /** Wall-clock seconds from the first submit to results in JavaScript memory (see runRaceOnGpu). */
  seconds: number;
  /** How many chunks the batch was cut into. */
  chunks: number;
}

/** Default number of chunks the batch is cut into. */
export const DEFAULT_TARGET_CHUNKS = 20;

/** Longest piece of the serial chain run by one dispatch, to stay clear of GPU watchdogs. */
export const SERIAL_ITERATIONS_PER_DISPATCH = 1 << 20;

/** Submissions allowed in flight at once: the GPU never idles, and an abort stops soon. */
const MAX_SUBMISSIONS_IN_FLIGHT = 2;

/** The buffers and bind groups of one run. */
interface RaceResources {
  params: GPUBuffer;
  results: GPUBuffer;
  serialState: GPUBuffer;
  readback: GPUBuffer;
  batchGroup: GPUBindGroup;
  serialGroup: GPUBindGroup;
}

/** Creates a run's buffers (recorded in `owned` so the caller can destroy them) and bind groups. */
function createResources(
  device: GPUDevice,
  pipelines: RacePipelines,
  bytes: RaceBufferBytes,
  owned: GPUBuffer[],
): RaceResources {
  const buffer = (label: string, size: number, usage: number): GPUBuffer => {
    const created = device.createBuffer({ label, size, usage });
    owned.push(created);
    return created;
  };
  const params = buffer('race params', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
  const results = buffer(
    'race results',
    bytes.resultBytes,
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
  );
  const serialState = buffer(
    'race serial state',
    4,
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
  );
  const readback = buffer(
    'race readback',
    bytes.readbackBytes,
    GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
  );
  const batchGroup = device.createBindGroup({
    layout: pipelines.batch.getBindGroupLayout(0),
    entries: [
      { binding: 0, resource: { buffer: params } },
      { binding: 1, resource: { buffer: results } },
    ],
  });
  const serialGroup = device.createBindGroup({
    layout: pipelines.serial.getBindGroupLayout(0),
    entries: [
      { binding: 0, resource: { buffer: params } },
      { binding: 2, resource: { buffer: serialState } },
    ],
  });
  return { params, results, serialState, readback, batchGroup, serialGroup };
}

/** Writes the kernel's params, then encodes and submits one dispatch. */
function submitDispatch(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  group: GPUBindGroup,
  res: RaceResources,
  params: [taskOffset: number, count: number, iterations: number, rowStride: number],
  workgroups: [x: number, y: number],
): void {
  device.queue.writeBuffer(res.params, 0, new Uint32Array(params));
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group);
  pass.dispatchWorkgroups(workgroups[0], workgroups[1]);
  pass.end();
  device.queue.submit([encoder.finish()]);
}

/**
 * Runs `steps` (each submits GPU work) in order with a few in flight, calling `onStepDone(i)`
 * in order as each completes. Any GPU error or a stop from the guard rejects.
 */
async function submitInOrder(
  device: GPUDevice,
  guard: RunGuard,
  action: string,
  steps: (() => void)[],
  onStepDone: (index: number) => void = () => {},
): Promise<void> {
  const inFlight: Promise<void>[] = [];
  let nextToFinish = 0;
  const finishOldest = async (): Promise<void> => {
    const oldest = inFlight.shift();
    if (oldest) await guard.wait(oldest);
    onStepDone(nextToFinish++);
  };
  for (const step of steps) {
    guard.check();
    const { error } = scoped(device, action, step);
    const done = Promise.all([device.queue.onSubmittedWorkDone(), error]).then(([, problem]) => {
      if (problem) throw problem;
    });
    done.catch(() => {}); // awaited in order below; this only silences early rejections
    inFlight.push(done);
    if (inFlight.length >= MAX_SUBMISSIONS_IN_FLIGHT) await finishOldest();
  }
  while (inFlight.length > 0) await finishOldest();
  guard.check();
}

/** Iteration counts of the serial chain's dispatches. */
function serialPieces(iterations: number): number[] {
  const pieces: number[] = [];
  for (let left = iterations; left > 0; left -= SERIAL_ITERATIONS_PER_DISPATCH) {
    pieces.push(Math.min(left, SERIAL_ITERATIONS_PER_DISPATCH));
  }
  return pieces;
}

/** Copies the results and the serial state to the readback buffer and maps it. */
async function readBack(
  device: GPUDevice,
  guard: RunGuard,
  res: RaceResources,
  tasks: number,
): Promise<{ results: Uint32Array; serialResult: number }> {
  const resultBytes = tasks * 4;
  const { error } = scoped(device, 'copy the results for reading', () => {
    const encoder = device.createCommandEncoder();
    if (tasks > 0) encoder.copyBufferToBuffer(res.results, 0, res.readback, 0, resultBytes);
    encoder.copyBufferToBuffer(res.serialState, 0, res.readback, resultBytes, 4);
    device.queue.submit([encoder.finish()]);
  });
  const [, problem] = await guard.wait(
    Promise.all([res.readback.mapAsync(GPUMapMode.READ), error]),
  );
  if (problem) throw problem;
  const mapped = res.readback.getMappedRange();
  const results = new Uint32Array(mapped, 0, tasks).slice();
  const serialResult = new Uint32Array(mapped, resultBytes, 1)[0] ?? 0;
  res.readback.unmap();
  return { results, serialResult };
}

/**
 * Runs `job` on the GPU and returns every task's result, the serial chain's result and the
 * time taken. `seconds` is wall-clock time measured with performance.now() from the first
 * submit until the results are back in JavaScript memory: serial stage, batch, the waits for
 * completion and the readback all count. Shader compilation and buffer allocation happen before
 * the clock starts. Throws a RangeError when the job does not fit the device's buffer limits,
 * an Error when WebGPU reports a problem or the device is lost, and the signal's reason when
 * aborted. All buffers are destroyed before it returns or throws.
 */
export async function runRaceOnGpu(
  gpu: GpuContext,
  job: RaceJob,
  opts: GpuRaceOptions = {},
): Promise<GpuRaceResult> {
  validateRaceJob(job);
  const device = gpu.device;
  const bytes = raceBufferBytes(job.tasks, device.limits);
  const maxPerDimension = device.limits.maxComputeWorkgroupsPerDimension;
  const chunks = planChunks(
    job.tasks,
    opts.targetChunks ?? DEFAULT_TARGET_CHUNKS,
    RACE_WORKGROUP_SIZE,
  );
  const guard = guardRun(gpu, opts.signal);
  const owned: GPUBuffer[] = [];
  try {
    guard.check();
    const pipelines = await guard.wait(racePipelines(device));
    const res = await guard.wait(
      withErrorScopes(device, `allocate ${bytes.readbackBytes * 2} bytes of race buffers`, () =>
        createResources(device, pipelines, bytes, owned),
      ),
    );
    device.queue.writeBuffer(res.serialState, 0, new Uint32Array([RACE_SERIAL_SEED]));
    const startMs = performance.now();

    const serialSteps = serialPieces(job.serialIterations).map(
      (iterations) => () =>
        submitDispatch(
          device,
          pipelines.serial,
          res.serialGroup,
          res,
          [0, 1, iterations, 0],
          [1, 1],
        ),
    );
    await submitInOrder(device, guard, 'run the serial stage', serialSteps);
    opts.onProgress?.({ tasks: 0, serialDone: true });

    const batchSteps = chunks.map((chunk) => () => {
      const grid = gridForItems(chunk.count, RACE_WORKGROUP_SIZE, maxPerDimension);
      const params: [number, number, number, number] = [
        chunk.first,
        chunk.count,
        job.iterations,
        grid.rowStride,
      ];
      submitDispatch(device, pipelines.batch, res.batchGroup, res, params, [grid.x, grid.y]);
    });
    let tasksDone = 0;
    await submitInOrder(device, guard, 'run a batch chunk', batchSteps, (index) => {
      tasksDone += chunks[index]?.count ?? 0;
      opts.onProgress?.({ tasks: tasksDone, serialDone: true });
    });

    const { results, serialResult } = await readBack(device, guard, res, job.tasks);
    const seconds = (performance.now() - startMs) / 1000;
    return { results, serialResult, seconds, chunks: chunks.length };
  } finally {
    guard.dispose();
    for (const buffer of owned) buffer.destroy();
  }
}
