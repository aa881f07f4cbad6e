/**
 * Runs the CPU-vs-GPU race on a real WebGPU device: the serial chain first (one invocation),
 * then the batch of independent tasks in chunks so progress can be shown, then one readback.
 */
import type { GpuContext } from './device';
import { gridForItems, planChunks, type ItemChunk } from '../compute/dispatch';
import { scoped, withErrorScopes } from './error-scopes';
import { RACE_SERIAL_SEED, validateRaceJob, type RaceJob } from '../compute/race-reference';
import { RACE_WORKGROUP_SIZE } from './kernels/race/race';
import { raceKernel, racePipelines, type RacePipelines } from './kernels/race';
import { bindBuffers } from './jobs/job';
import { raceBufferBytes, type RaceBufferBytes } from './race-limits';
import { guardRun, type RunGuard } from './run-guard';
import { performanceClock, type Clock } from '../compute/timing/clock';

/** Progress of a GPU race: tasks finished so far and whether the serial chain is done. */
export interface GpuRaceProgress {
  tasks: number;
  serialDone: boolean;
}

/** Options for runRaceOnGpu. */
export interface GpuRaceOptions {
  /** Called after the serial stage and after each batch chunk completes on the GPU. */
  onProgress?(done: GpuRaceProgress): void;
  /**
   * Aborting rejects at once with the signal's reason. Chunks already submitted still run on
   * the GPU; the next run waits for them before its clock starts.
   */
  signal?: AbortSignal;
  /** About how many chunks the batch is cut into (default 20); fewer for tiny batches. */
  targetChunks?: number;
  /** The clock the run is timed on (tests inject one). */
  clock?: Clock;
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

/** One submission of a run, and what its completion means for progress. */
interface RaceStep {
  /** What the step does, for error messages ("run the serial stage"). */
  action: string;
  /** Writes params and submits the step's dispatch. */
  submit(): void;
  /** Tasks the step completes (0 for serial pieces). */
  tasks: number;
  /** True for the last piece of the serial chain. */
  endsSerial: boolean;
}

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
  const batchGroup = bindBuffers(device, pipelines.batch, raceKernel, 'race_batch', {
    params,
    results,
  });
  const serialGroup = bindBuffers(device, pipelines.serial, raceKernel, 'race_serial', {
    params,
    serial_state: serialState,
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
 * Submits every step at once (the queue runs them in order, so the GPU never waits on the
 * page) and returns one promise per step that resolves when the GPU has finished it, or
 * rejects with the error WebGPU reported for it.
 */
function submitAll(device: GPUDevice, steps: RaceStep[]): Promise<void>[] {
  return steps.map((step) => {
    const { error } = scoped(device, step.action, step.submit);
    const done = Promise.all([device.queue.onSubmittedWorkDone(), error]).then(([, problem]) => {
      if (problem) throw problem;
    });
    done.catch(() => {}); // awaited in order by the caller; this only silences early rejections
    return done;
  });
}

/** Iteration counts of the serial chain's dispatches. */
function serialPieces(iterations: number): number[] {
  const pieces: number[] = [];
  for (let left = iterations; left > 0; left -= SERIAL_ITERATIONS_PER_DISPATCH) {
    pieces.push(Math.min(left, SERIAL_ITERATIONS_PER_DISPATCH));
  }
  return pieces;
}

/** The run's submissions in order: the serial chain's pieces, then the batch's chunks. */
function raceSteps(
  device: GPUDevice,
  pipelines: RacePipelines,
  res: RaceResources,
  job: RaceJob,
  chunks: ItemChunk[],
): RaceStep[] {
  const maxPerDimension = device.limits.maxComputeWorkgroupsPerDimension;
  const pieces = serialPieces(job.serialIterations);
  const serial = pieces.map((iterations, index): RaceStep => ({
    action: 'run the serial stage',
    submit: () =>
      submitDispatch(device, pipelines.serial, res.serialGroup, res, [0, 1, iterations, 0], [1, 1]),
    tasks: 0,
    endsSerial: index === pieces.length - 1,
  }));
  const batch = chunks.map((chunk): RaceStep => ({
    action: `run tasks ${chunk.first} to ${chunk.first + chunk.count - 1}`,
    submit: () => {
      const grid = gridForItems(chunk.count, RACE_WORKGROUP_SIZE, maxPerDimension);
      const params: [number, number, number, number] = [
        chunk.first,
        chunk.count,
        job.iterations,
        grid.rowStride,
      ];
      submitDispatch(device, pipelines.batch, res.batchGroup, res, params, [grid.x, grid.y]);
    },
    tasks: chunk.count,
    endsSerial: false,
  }));
  return [...serial, ...batch];
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
 * time taken. `seconds` is wall-clock time on the harness's clock (performance.now() unless one
 * is injected) from the first submit until the results are back in JavaScript memory: serial stage, batch, the waits for
 * completion and the readback all count. Shader compilation, buffer allocation and any GPU work
 * left queued by earlier runs finish before the clock starts. Every chunk is submitted at once
 * and awaited in order for progress, so the GPU never idles between chunks. Throws a RangeError when the job does not fit the device's buffer limits,
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
      withErrorScopes(
        device,
        `allocate ${bytes.resultBytes + bytes.readbackBytes} bytes of buffers`,
        () => createResources(device, pipelines, bytes, owned),
      ),
    );
    device.queue.writeBuffer(res.serialState, 0, new Uint32Array([RACE_SERIAL_SEED]));
    const steps = raceSteps(device, pipelines, res, job, chunks);
    // Let work still queued from earlier runs (an aborted one, another widget) finish first.
    await guard.wait(device.queue.onSubmittedWorkDone());
    guard.check();

    const clock = opts.clock ?? performanceClock;
    const start = clock();
    const completions = submitAll(device, steps);
    const report = (tasks: number): void => opts.onProgress?.({ tasks, serialDone: true });
    if (!steps.some((step) => step.endsSerial)) report(0);
    let tasksDone = 0;
    for (const [index, step] of steps.entries()) {
      await guard.wait(completions[index] ?? Promise.resolve());
      tasksDone += step.tasks;
      if (step.endsSerial || step.tasks > 0) report(tasksDone);
    }
    guard.check();

    const { results, serialResult } = await readBack(device, guard, res, job.tasks);
    const seconds = Math.max(0, clock() - start);
    return { results, serialResult, seconds, chunks: chunks.length };
  } finally {
    guard.dispose();
    for (const buffer of owned) buffer.destroy();
  }
}
