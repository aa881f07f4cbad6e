import { describe, it, expect } from 'vitest';
import { predictTaskBatch } from './batch';
import { getGpu } from '../catalog/hardware';

describe('predictTaskBatch', () => {
  it('spreads tasks over FP32 lanes in waves on a GPU', () => {
    const gpu = getGpu('a100-sxm-40gb');
    const p = predictTaskBatch({
      hardwareId: 'a100-sxm-40gb',
      taskCount: 6912 * 10,
      opsPerTask: 1000,
      serialOps: 0,
    });
    expect(p.parallelUnits).toBe(6912);
    expect(p.waves).toBe(10);
    expect(p.clockHz).toBe(1.41e9);
    const laneRate = 1.41e9 * gpu.achievable.cudaCoreArithmetic.value;
    expect(p.parallelSeconds).toBeCloseTo((1000 * 10) / laneRate, 12);
    expect(p.serialSeconds).toBe(0);
    expect(p.overheadSeconds).toBeCloseTo(5e-6, 12);
    expect(p.seconds).toBeCloseTo(p.parallelSeconds + p.overheadSeconds, 12);
  });

  it('pays the dependent-op latency when too few tasks hide it', () => {
    const one = predictTaskBatch({
      hardwareId: 'rtx-4090',
      taskCount: 1,
      opsPerTask: 1000,
      serialOps: 0,
    });
    const full = predictTaskBatch({
      hardwareId: 'rtx-4090',
      taskCount: 16384 * 4,
      opsPerTask: 1000,
      serialOps: 0,
    });
    expect(full.parallelSeconds).toBeCloseTo(one.parallelSeconds, 12);
    const more = predictTaskBatch({
      hardwareId: 'rtx-4090',
      taskCount: 16384 * 8,
      opsPerTask: 1000,
      serialOps: 0,
    });
    expect(more.parallelSeconds).toBeCloseTo(2 * full.parallelSeconds, 12);
  });

  it('runs the CPU on 24 cores (8 P + 16 E) and the serial stage on one P-core at 6 GHz', () => {
    const p = predictTaskBatch({
      hardwareId: 'i9-14900k',
      taskCount: 48,
      opsPerTask: 1e6,
      serialOps: 6e6,
    });
    expect(p.parallelUnits).toBe(24);
    expect(p.waves).toBe(2);
    expect(p.clockHz).toBeCloseTo((8 * 5.6e9 + 16 * 4.4e9) / 24, 0);
    expect(p.parallelSeconds).toBeCloseTo((2 * 1e6) / p.clockHz, 12);
    expect(p.serialSeconds).toBeCloseTo(1e-3, 12);
  });

  it('lets the GPU win wide work and the CPU win serial work', () => {
    const wide = { taskCount: 1_000_000, opsPerTask: 10_000, serialOps: 0 };
    expect(predictTaskBatch({ hardwareId: 'h100-sxm', ...wide }).seconds).toBeLessThan(
      predictTaskBatch({ hardwareId: 'i9-14900k', ...wide }).seconds / 10,
    );
    const serial = { taskCount: 1, opsPerTask: 1, serialOps: 100_000_000 };
    expect(predictTaskBatch({ hardwareId: 'i9-14900k', ...serial }).seconds).toBeLessThan(
      predictTaskBatch({ hardwareId: 'h100-sxm', ...serial }).seconds / 10,
    );
  });

  it('adds a second launch for a GPU serial stage', () => {
    const p = predictTaskBatch({
      hardwareId: 'apple-m2',
      taskCount: 1,
      opsPerTask: 1,
      serialOps: 1,
    });
    expect(p.overheadSeconds).toBeCloseTo(2 * getGpu('apple-m2').launchOverheadSeconds.value, 12);
  });

  it('rejects impossible input by name', () => {
    const ok = { hardwareId: 'i9-14900k', taskCount: 1, opsPerTask: 1, serialOps: 0 };
    expect(() => predictTaskBatch({ ...ok, hardwareId: 'm3-max' })).toThrow(/"m3-max"/);
    expect(() => predictTaskBatch({ ...ok, taskCount: 0 })).toThrow(/taskCount/);
    expect(() => predictTaskBatch({ ...ok, opsPerTask: -3 })).toThrow(/opsPerTask.*-3/);
    expect(() => predictTaskBatch({ ...ok, serialOps: NaN })).toThrow(/serialOps.*NaN/);
    expect(() => predictTaskBatch({ ...ok, taskCount: Infinity })).toThrow(/taskCount/);
  });
});
