/**
 * Runs the CPU-vs-GPU race on a real WebGPU device, through the runtime every kernel uses: the
 * run's buffers in a BufferSet, bound by the names in the kernel's record, each step one job
 * dispatch, the results read back with readBytes. The serial chain runs first (one invocation),
 * then the batch in chunks so progress can be shown.
 */
import { outputUsage, readBytes, uniformUsage, type BufferSet } from '../../buffers';
import type { GpuContext } from '../../device';
import { scoped, withErrorScopes } from '../../error-scopes';
import { bindBuffers, dispatch } from '../../jobs/job';
import { withRun } from '../../with-run';
import type { GuardedWait } from '../../run-guard';
import { gridForItems, planChunks, type ItemChunk } from '../../../compute/dispatch';
import {
  RACE_SERIAL_SEED,
  validateRaceJob,
  type RaceJob,
  type RaceRun,
} from '../../../compute/race-reference';
import { performanceClock, type Clock } from '../../../compute/timing/clock';
import { raceKernel, racePipelines, type RacePipelines } from './index';
import { raceResultBytes } from './limits';
import { RACE_BYTES_PER_TASK, RACE_WORKGROUP_SIZE } from './race';

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

/**
 * A GPU race: the results and `seconds` from the first submit until the results are in
 * JavaScript memory (see runRaceOnGpu), and how many chunks the batch was cut into.
 */
export interface GpuRaceResult extends RaceRun {
  chunks: number;
}

/** Default number of chunks the batch is cut into. */
export const DEFAULT_TARGET_CHUNKS = 20;

/** Longest piece of the serial chain run by one dispatch, to stay clear of GPU watchdogs. */
export const SERIAL_ITERATIONS_PER_DISPATCH = 1 << 20;

/** The kernel's params: first task, task count, iterations, invocations per grid row. */
type RaceParams = [taskOffset: number, count: number, iterations: number, rowStride: number];

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
interface RaceBuffers {
  params: GPUBuffer;
  results: GPUBuffer;
  serialState: GPUBuffer;
  batchGroup: GPUBindGroup;
  serialGroup: GPUBindGroup;
}

/** Creates a run's buffers in `buffers` (the serial state holding the seed) and bind groups. */
function createRaceBuffers(
  device: GPUDevice,
  buffers: BufferSet,
  pipelines: RacePipelines,
  resultBytes: number,
): RaceBuffers {
  const params = buffers.create('race params', 16, uniformUsage());
  const results = buffers.create('race results', resultBytes, outputUsage());
  const seed = new Uint32Array([RACE_SERIAL_SEED]);
  const serialState = buffers.upload('race serial state', seed, outputUsage());
  const batchGroup = bindBuffers(device, pipelines.batch, raceKernel, 'race_batch', {
    params,
    results,
  });
  const serialGroup = bindBuffers(device, pipelines.serial, raceKernel, 'race_serial', {
    params,
    serial_state: serialState,
  });
  return { params, results, serialState, batchGroup, serialGroup };
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
  buffers: RaceBuffers,
  job: RaceJob,
  chunks: ItemChunk[],
): RaceStep[] {
  const maxPerDimension = device.limits.maxComputeWorkgroupsPerDimension;
  // Writes the kernel's params, then encodes and submits one dispatch.
  const submit = (
    pipeline: GPUComputePipeline,
    group: GPUBindGroup,
    params: RaceParams,
    grid: readonly [number, number, number],
  ): void => {
    device.queue.writeBuffer(buffers.params, 0, new Uint32Array(params));
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    dispatch(pass, pipeline, group, grid);
    pass.end();
    device.queue.submit([encoder.finish()]);
  };
  const pieces = serialPieces(job.serialIterations);
  const serial = pieces.map((iterations, index): RaceStep => ({
    action: 'run the serial stage',
    submit: () => submit(pipelines.serial, buffers.serialGroup, [0, 1, iterations, 0], [1, 1, 1]),
    tasks: 0,
    endsSerial: index === pieces.length - 1,
  }));
  const batch = chunks.map((chunk): RaceStep => ({
    action: `run tasks ${chunk.first} to ${chunk.first + chunk.count - 1}`,
    submit: () => {
      const grid = gridForItems(chunk.count, RACE_WORKGROUP_SIZE, maxPerDimension);
      const params: RaceParams = [chunk.first, chunk.count, job.iterations, grid.rowStride];
      submit(pipelines.batch, buffers.batchGroup, params, [grid.x, grid.y, 1]);
    },
    tasks: chunk.count,
    endsSerial: false,
  }));
  return [...serial, ...batch];
}

/** Reads every task's result and the serial chain's back into JavaScript. */
async function readResults(
  device: GPUDevice,
  wait: GuardedWait,
  buffers: RaceBuffers,
  tasks: number,
): Promise<Pick<RaceRun, 'results' | 'serialResult'>> {
  const [results, serial] = await Promise.all([
    tasks > 0
      ? readBytes(device, wait, buffers.results, tasks * RACE_BYTES_PER_TASK)
      : new ArrayBuffer(0),
    readBytes(device, wait, buffers.serialState, RACE_BYTES_PER_TASK),
  ]);
  return { results: new Uint32Array(results), serialResult: new Uint32Array(serial)[0] ?? 0 };
}

/**
 * Runs `job` on the GPU and returns every task's result, the serial chain's result and the
 * time taken. `seconds` is wall-clock time on the run's clock (performance.now() unless one is
 * injected) from the first submit until the results are back in JavaScript memory: serial
 * stage, batch, the waits for completion and the readback all count. Shader compilation, buffer
 * allocation and any GPU work left queued by earlier runs finish before the clock starts. Every
 * chunk is submitted at once and awaited in order for progress, so the GPU never idles between
 * chunks. Throws a RangeError when the job does not fit the device's buffer limits, an Error
 * when WebGPU reports a problem or the device is lost, and the signal's reason when aborted.
 * All buffers are destroyed before it returns or throws.
 */
export async function runRaceOnGpu(
  gpu: GpuContext,
  job: RaceJob,
  opts: GpuRaceOptions = {},
): Promise<GpuRaceResult> {
  validateRaceJob(job);
  const { device } = gpu;
  const resultBytes = raceResultBytes(job.tasks, device.limits);
  const targetChunks = opts.targetChunks ?? DEFAULT_TARGET_CHUNKS;
  const chunks = planChunks(job.tasks, targetChunks, RACE_WORKGROUP_SIZE);
  return withRun(gpu, opts.signal, async (guard, set) => {
    const pipelines = await guard.wait(racePipelines(device));
    const buffers = await guard.wait(
      withErrorScopes(device, `allocate ${resultBytes} bytes of race results`, () =>
        createRaceBuffers(device, set, pipelines, resultBytes),
      ),
    );
    const steps = raceSteps(device, pipelines, buffers, job, chunks);
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

    const { results, serialResult } = await readResults(device, guard.wait, buffers, job.tasks);
    const seconds = Math.max(0, clock() - start);
    return { results, serialResult, seconds, chunks: chunks.length };
  });
}
