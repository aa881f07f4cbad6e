/**
 * Each way the demo times the kernel, beside its twin in PyTorch on a CUDA GPU: the WebGPU code
 * the demo runs (shortened) and the Python that measures the same thing. Pure data.
 */
import type { ClockId } from './model';

/** One pair of snippets. */
export interface Twin {
  /** The demo's clock, or 'timer' for the warm runs' median and spread. */
  id: ClockId | 'timer';
  /** Heading of the pair. */
  title: string;
  /** Whether the PyTorch code measures the kernel: 'wrong' only for the naive clock. */
  verdict: 'wrong' | 'right';
  /** One or two sentences on what both snippets measure. */
  summary: string;
  webgpu: string;
  pytorch: string;
}

/** The four pairs, in the order of the demo's rows. */
export const TWINS: readonly Twin[] = [
  {
    id: 'naive',
    title: 'A clock around the launch only',
    verdict: 'wrong',
    summary:
      'Both calls return once the work is queued. The clock measures the queueing: microseconds, ' +
      'however large the matrix.',
    webgpu: `const t0 = performance.now();
device.queue.submit([commands]);  // queued, not done
const naiveMs = performance.now() - t0;`,
    pytorch: `t0 = time.perf_counter()
c = a @ b  # queued, not done
wrong_s = time.perf_counter() - t0  # no synchronize: the launch only`,
  },
  {
    id: 'completion',
    title: 'A clock that waits for the work',
    verdict: 'right',
    summary:
      'Wait until the device says everything queued has finished, then read the clock: the wall ' +
      'time of the work, plus a little for the launch and the wake-up.',
    webgpu: `const t0 = performance.now();
device.queue.submit([commands]);
await device.queue.onSubmittedWorkDone();  // or await a mapAsync readback
const wallMs = performance.now() - t0;`,
    pytorch: `torch.cuda.synchronize()  # start from an empty queue
t0 = time.perf_counter()
c = a @ b
torch.cuda.synchronize()  # block until the kernel is done
wall_s = time.perf_counter() - t0`,
  },
  {
    id: 'gpu',
    title: 'The GPU’s own clock',
    verdict: 'right',
    summary:
      'Markers in the queue that the GPU stamps as it reaches them: the time between them is GPU ' +
      'time, with no CPU or page in it. WebGPU needs the "timestamp-query" feature for this.',
    webgpu: `const pass = encoder.beginComputePass({
  timestampWrites: { querySet, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 },
});
// ... dispatch, end, resolveQuerySet, submit, then read the two stamps
const gpuMs = Number(end - begin) / 1e6;  // nanoseconds to ms`,
    pytorch: `start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()  # stamped when the GPU gets here
c = a @ b
end.record()
end.synchronize()  # wait for the GPU to reach it
gpu_ms = start.elapsed_time(end)  # milliseconds between the stamps`,
  },
  {
    id: 'timer',
    title: 'Warm runs: the median and its spread',
    verdict: 'right',
    summary:
      'Leave out the first run, repeat, and report the median with its spread. The Timer also ' +
      'warms up, synchronises CUDA and groups short runs into blocks long enough to time.',
    webgpu: `const warm = wallTimes.slice(1);  // drop the first run
const medianMs = median(warm);
const spread = [Math.min(...warm), Math.max(...warm)];`,
    pytorch: `from torch.utils import benchmark

timer = benchmark.Timer(stmt="a @ b", globals={"a": a, "b": b})
m = timer.blocked_autorange(min_run_time=1.0)
print(m.median, m.iqr)  # seconds per run, and the spread`,
  },
];
