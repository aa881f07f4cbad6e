/**
 * The crossover plot's CPU measurement: a pool of Web Workers that each hold a slice of the
 * input (loaded untimed, as data already in the CPU's memory), then a timed run hands every
 * worker its slice's work and waits for all the outputs, the way a multithreaded library wakes
 * its threads and joins them. The timing harness times batches of runs on the injected clock,
 * and the last output is checked against the CPU reference before anything is reported.
 */
import { SEEDS } from '../compute/inputs';
import { makeInput } from '../compute/inputs';
import { planChunks } from '../compute/dispatch';
import { matmulCpuAt, matmulTolerance } from '../compute/matmul-reference';
import { measureRuns, type MeasureOptions, type Measurement } from '../compute/timing/harness';
import { timeCompletion } from '../compute/timing/clock';
import { allIndices, checkElements, sampledIndices, type F32Check } from '../compute/verify-f32';
import { reluSlice } from './crossover-kernels';
import type { CrossoverOp, CrossoverRequest, CrossoverResponse } from './crossover-protocol';
import {
  expectKind,
  WorkerPool,
  type MessageWorker,
  type WorkerPoolOptions,
  type WorkerSlot,
} from './worker-slots';

/** The parts of a `Worker` the pool uses; a fake with these runs the pool in tests. */
export type CrossoverWorkerLike = MessageWorker<CrossoverRequest, CrossoverResponse>;

type Slot = WorkerSlot<CrossoverRequest, CrossoverResponse>;

/** Options of the pool (the default worker runs crossover.worker.ts). */
export type CrossoverPoolOptions = WorkerPoolOptions<CrossoverRequest, CrossoverResponse>;

/** Options of one measurement. */
export interface CpuMeasureOptions {
  signal?: AbortSignal;
  /** Share of the measurement done, 0..1. */
  onProgress?(fraction: number): void;
  measure?: Omit<MeasureOptions, 'onProgress' | 'signal'>;
}

/** A measured, checked CPU run. */
export interface CpuCrossoverResult {
  /** Seconds per run: hand out the work, compute, collect every output. */
  measurement: Measurement;
  check: F32Check;
  /** Workers that shared the work. */
  workers: number;
}

/** Timing of one size: short batches and a small budget, like the GPU's round trip. */
export const CPU_MEASURE_OPTIONS = {
  warmupBatches: 2,
  samples: 5,
  minSamples: 3,
  minBatchSeconds: 0.01,
  budgetSeconds: 0.3,
} as const;

/** Fewest ReLU elements worth waking another worker for. */
export const MIN_RELU_ELEMENTS_PER_WORKER = 1 << 15;
/** Fewest multiply-adds worth waking another worker for. */
export const MIN_MATMUL_MACS_PER_WORKER = 1 << 16;
/** Most matmul results the check computes in full (beyond it, an even sample). */
const MATMUL_CHECK_MACS = 1 << 22;

/** The default worker: crossover.worker.ts as a module worker, bundled by Vite. */
export const createCrossoverWorker = (): CrossoverWorkerLike =>
  new Worker(new URL('./crossover.worker.ts', import.meta.url), { type: 'module' });

/** How many workers share `op` at `size` (elements, or n of an n × n matmul). */
export function workersFor(op: CrossoverOp, size: number, poolSize: number): number {
  const work =
    op === 'relu' ? size / MIN_RELU_ELEMENTS_PER_WORKER : size ** 3 / MIN_MATMUL_MACS_PER_WORKER;
  const rows = op === 'relu' ? poolSize : size;
  return Math.max(1, Math.min(poolSize, rows, Math.floor(work)));
}

/** The CPU side of the crossover plot; one measurement at a time. */
export class CrossoverCpuPool extends WorkerPool<CrossoverRequest, CrossoverResponse> {
  constructor(options: CrossoverPoolOptions = {}) {
    super(options, createCrossoverWorker);
  }

  /** Measures `op` at `size` (elements for ReLU, n for an n × n matmul); see the file comment. */
  async measure(
    op: CrossoverOp,
    size: number,
    options: CpuMeasureOptions = {},
  ): Promise<CpuCrossoverResult> {
    if (!Number.isInteger(size) || size < 1) {
      throw new RangeError(`size must be an integer >= 1, got ${String(size)}`);
    }
    return this.exclusive(options.signal, 'The CPU pool is already measuring', () =>
      this.measureLoaded(op, size, options),
    );
  }

  private async measureLoaded(
    op: CrossoverOp,
    size: number,
    options: CpuMeasureOptions,
  ): Promise<CpuCrossoverResult> {
    const workers = workersFor(op, size, this.size);
    const slots = this.workers.ensure().slice(0, workers);
    // ReLU is cut into runs of elements, a matmul into runs of rows of C.
    const chunks = planChunks(size, workers);
    const input =
      op === 'relu' ? makeInput(size, SEEDS.stream) : makeInput(size * size, SEEDS.matmulA);
    const b = op === 'matmul' ? makeInput(size * size, SEEDS.matmulB) : null;
    await Promise.all(
      chunks.map((chunk, i) => {
        const slot = slots[i] as Slot;
        if (op === 'relu') {
          const slice = input.slice(chunk.first, chunk.first + chunk.count);
          return this.expect(slot, { kind: 'load-relu', id: 0, input: slice }, 'loaded');
        }
        const a = input.slice(chunk.first * size, (chunk.first + chunk.count) * size);
        const request: CrossoverRequest = {
          kind: 'load-matmul',
          id: 0,
          n: size,
          rows: chunk.count,
          a,
          b: (b as Float32Array<ArrayBuffer>).slice(),
        };
        return this.expect(slot, request, 'loaded');
      }),
    );
    let outputs: Float32Array[] = [];
    const runOnce = async (): Promise<void> => {
      const answers = await Promise.all(
        chunks.map((_, i) => this.expect(slots[i] as Slot, { kind: 'run', id: 0 }, 'ran')),
      );
      outputs = answers.map((a) => a.output);
    };
    const measurement = await measureRuns(
      (repeats) =>
        timeCompletion(this.clock, async () => {
          for (let r = 0; r < repeats; r++) await runOnce();
        }),
      {
        ...CPU_MEASURE_OPTIONS,
        ...options.measure,
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (p) => options.onProgress?.(0.95 * p.fraction),
      },
    );
    const total = op === 'relu' ? size : size * size;
    const output = new Float32Array(total);
    let offset = 0;
    for (const part of outputs) {
      output.set(part, offset);
      offset += part.length;
    }
    const check = op === 'relu' ? checkRelu(input, output) : checkMatmul(input, b!, size, output);
    options.onProgress?.(1);
    return { measurement, check, workers };
  }

  /** Sends `message` to one worker and returns its answer, which must be of `kind`. */
  private async expect<K extends CrossoverResponse['kind']>(
    slot: Slot,
    message: CrossoverRequest,
    kind: K,
  ): Promise<Extract<CrossoverResponse, { kind: K }>> {
    return expectKind(await this.workers.request(slot, message), kind);
  }
}

/** ReLU's output against the reference, every element, exactly. */
function checkRelu(input: Float32Array, output: Float32Array): F32Check {
  const expected = reluSlice(input);
  return checkElements(
    allIndices(input.length),
    input.length,
    (i) => expected[i] as number,
    output,
  );
}

/** A matmul's output against the f64 reference, in full or an even sample, within Higham's bound. */
function checkMatmul(a: Float32Array, b: Float32Array, n: number, output: Float32Array): F32Check {
  const shape = { m: n, n, k: n };
  const total = n * n;
  const indices =
    total * n <= MATMUL_CHECK_MACS
      ? allIndices(total)
      : sampledIndices(total, Math.max(64, Math.floor(MATMUL_CHECK_MACS / n)));
  const absSums = new Map<number, number>();
  return checkElements(
    indices,
    total,
    (index) => {
      const r = matmulCpuAt(a, b, shape, Math.floor(index / n), index % n);
      absSums.set(index, r.absSum);
      return r.value;
    },
    output,
    (index) => matmulTolerance(n, absSums.get(index) ?? 0),
  );
}
