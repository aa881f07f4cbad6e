import { afterAll, describe, expect, it, vi } from 'vitest';
import { withErrorScopes } from '../../error-scopes';
import { raceBatchCpu, raceSerialCpu } from '../../../compute/race-reference';
import { maxRaceTasks } from './limits';
import { runRaceOnGpu, type GpuRaceProgress } from './run';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'race runner');
const gpu = acquisition.ok ? acquisition.gpu : undefined;
const noGpu = gpu === undefined;

afterAll(() => gpu?.device.destroy());

function requireGpu() {
  if (!gpu) throw new Error('no GPU');
  return gpu;
}

describe('runRaceOnGpu', () => {
  it.skipIf(noGpu)(
    'reports progress in order, serial stage first, ending at every task',
    async () => {
      const events: GpuRaceProgress[] = [];
      const job = { tasks: 10_000, iterations: 3, serialIterations: 50 };
      const run = await runRaceOnGpu(requireGpu(), job, { onProgress: (p) => events.push(p) });
      expect(run.chunks).toBe(20);
      expect(events).toHaveLength(1 + run.chunks);
      expect(events[0]).toEqual({ tasks: 0, serialDone: true });
      expect(events.at(-1)).toEqual({ tasks: 10_000, serialDone: true });
      for (let i = 1; i < events.length; i++) {
        expect(events[i]!.tasks).toBeGreaterThan(events[i - 1]!.tasks);
      }
      expect(run.results).toEqual(raceBatchCpu(0, 10_000, 3));
      expect(run.serialResult).toBe(raceSerialCpu(50));
    },
  );

  it.skipIf(noGpu)('honours a smaller chunk target', async () => {
    const run = await runRaceOnGpu(
      requireGpu(),
      { tasks: 1000, iterations: 2, serialIterations: 0 },
      { targetChunks: 3 },
    );
    expect(run.chunks).toBe(3);
    expect(run.results).toEqual(raceBatchCpu(0, 1000, 2));
  });

  it.skipIf(noGpu)(
    'rejects with AbortError when aborted mid-run, and runs again afterwards',
    async () => {
      const controller = new AbortController();
      const seen: number[] = [];
      const job = { tasks: 50_000, iterations: 20, serialIterations: 10 };
      const aborted = runRaceOnGpu(requireGpu(), job, {
        signal: controller.signal,
        onProgress: ({ tasks }) => {
          seen.push(tasks);
          if (tasks > 0) controller.abort();
        },
      });
      await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
      expect(seen.at(-1)).toBeLessThan(50_000);
      const again = await runRaceOnGpu(requireGpu(), job);
      expect(again.results).toEqual(raceBatchCpu(0, 50_000, 20));
    },
  );

  it.skipIf(noGpu)('rejects at once when the signal is already aborted', async () => {
    const job = { tasks: 10, iterations: 1, serialIterations: 1 };
    const signal = AbortSignal.abort();
    await expect(runRaceOnGpu(requireGpu(), job, { signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it.skipIf(noGpu)('refuses a job bigger than a storage binding with a RangeError', async () => {
    const tasks = maxRaceTasks(requireGpu().device.limits) + 1;
    const job = { tasks, iterations: 1, serialIterations: 0 };
    await expect(runRaceOnGpu(requireGpu(), job)).rejects.toThrow(RangeError);
    await expect(runRaceOnGpu(requireGpu(), job)).rejects.toThrow(/Use at most/);
  });

  it.skipIf(noGpu)('rejects bad job fields before touching the GPU', async () => {
    const job = { tasks: 10, iterations: -1, serialIterations: 0 };
    await expect(runRaceOnGpu(requireGpu(), job)).rejects.toThrow(/iterations must be an integer/);
  });

  it.skipIf(noGpu)('destroys every buffer it creates, after success and after abort', async () => {
    const device = requireGpu().device;
    const created: GPUBuffer[] = [];
    const destroyed = new Set<GPUBuffer>();
    const original = device.createBuffer.bind(device);
    const spy = vi.spyOn(device, 'createBuffer').mockImplementation((descriptor) => {
      const buffer = original(descriptor);
      const destroy = buffer.destroy.bind(buffer);
      buffer.destroy = () => {
        destroyed.add(buffer);
        destroy();
      };
      created.push(buffer);
      return buffer;
    });
    try {
      const job = { tasks: 5000, iterations: 3, serialIterations: 3 };
      await runRaceOnGpu(requireGpu(), job);
      const controller = new AbortController();
      const run = runRaceOnGpu(requireGpu(), job, {
        signal: controller.signal,
        onProgress: () => controller.abort(),
      });
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      spy.mockRestore();
    }
    expect(created.length).toBeGreaterThan(0);
    expect(created.filter((buffer) => !destroyed.has(buffer))).toEqual([]);
  });

  it.skipIf(noGpu)('rejects with a loss message when the device is lost mid-run', async () => {
    const own = await acquireNodeGpu();
    if (!own.ok) throw new Error(own.message);
    const job = { tasks: 20_000, iterations: 10, serialIterations: 10 };
    const run = runRaceOnGpu(own.gpu, job, {
      onProgress: ({ tasks }) => {
        if (tasks > 0) own.gpu.device.destroy();
      },
    });
    await expect(run).rejects.toThrow(/^The GPU device was lost during the run/);
    expect(own.gpu.isLost()).toBe(true);
  });
});

describe('error scopes on a real device', () => {
  it.skipIf(noGpu)('turn a validation error into a thrown Error naming the action', async () => {
    const device = requireGpu().device;
    const badUsage = GPUBufferUsage.MAP_READ | GPUBufferUsage.STORAGE;
    const attempt = withErrorScopes(device, 'make a readable storage buffer', () =>
      device.createBuffer({ size: 16, usage: badUsage }),
    );
    await expect(attempt).rejects.toThrow(
      /^WebGPU rejected the attempt to make a readable storage buffer: /,
    );
  });

  it.skipIf(noGpu)('return the value when nothing goes wrong', async () => {
    const device = requireGpu().device;
    const buffer = await withErrorScopes(device, 'make a buffer', () =>
      device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE }),
    );
    expect(buffer.size).toBe(16);
    buffer.destroy();
  });
});
