import { describe, expect, it, vi } from 'vitest';
import type { GpuLossInfo } from './device';
import { deviceLostError, guardRun } from './run-guard';

function fakeGpu() {
  let lostFlag = false;
  let lose: (info: GpuLossInfo) => void = () => {};
  const lost = new Promise<GpuLossInfo>((resolve) => {
    lose = (info) => {
      lostFlag = true;
      resolve(info);
    };
  });
  return { gpu: { lost, isLost: () => lostFlag }, lose: (info: GpuLossInfo) => lose(info) };
}

const never = new Promise<number>(() => {});

describe('guardRun', () => {
  it('passes values through while nothing goes wrong', async () => {
    const guard = guardRun(fakeGpu().gpu, new AbortController().signal);
    await expect(guard.wait(Promise.resolve(42))).resolves.toBe(42);
    expect(() => guard.check()).not.toThrow();
    guard.dispose();
  });

  it('ends a pending wait with the abort reason', async () => {
    const controller = new AbortController();
    const guard = guardRun(fakeGpu().gpu, controller.signal);
    const waiting = guard.wait(never);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(() => guard.check()).toThrow(expect.objectContaining({ name: 'AbortError' }));
  });

  it('ends a pending wait when the device is lost', async () => {
    const { gpu, lose } = fakeGpu();
    const guard = guardRun(gpu);
    const waiting = guard.wait(never);
    lose({ reason: 'unknown', message: 'driver reset' });
    await expect(waiting).rejects.toThrow(/lost during the run \(unknown: driver reset\)/);
    expect(() => guard.check()).toThrow(/lost during the run \(unknown: driver reset\)/);
  });

  it('stops listening after dispose', async () => {
    const controller = new AbortController();
    const guard = guardRun(fakeGpu().gpu, controller.signal);
    guard.dispose();
    controller.abort();
    // Had the abort reached the guard, this later promise would lose the race to it: it settles
    // only after every microtask the abort could have queued has run.
    vi.useFakeTimers();
    try {
      const later = new Promise<string>((resolve) => setTimeout(() => resolve('done'), 10));
      const waited = guard.wait(later);
      await vi.advanceTimersByTimeAsync(10);
      await expect(waited).resolves.toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes a loss message with or without details', () => {
    expect(deviceLostError(undefined).message).toBe(
      'The GPU device was lost during the run. Try again to get a new one.',
    );
    expect(deviceLostError({ reason: 'destroyed', message: '' }).message).toMatch(/\(destroyed\)/);
  });
});
