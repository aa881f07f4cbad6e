import { describe, it, expect } from 'vitest';
import { gpuWaveSchedule, scheduleWaves } from './waves';

describe('wave scheduling', () => {
  it('fills SMs up to the thread and block limits', () => {
    const s = scheduleWaves({
      blocks: 1000,
      threadsPerBlock: 256,
      sms: 100,
      maxThreadsPerSm: 2048,
      maxBlocksPerSm: 32,
    });
    expect(s.residentBlocksPerSm).toBe(8);
    expect(s.blocksPerWave).toBe(800);
    expect(s.waves).toBe(2);
    expect(s.lastWaveBlocks).toBe(200);
    expect(s.utilization).toBeCloseTo(1000 / 1600, 12);
  });

  it('caps residency by the block limit and by a resource limit', () => {
    expect(
      scheduleWaves({
        blocks: 1,
        threadsPerBlock: 32,
        sms: 1,
        maxThreadsPerSm: 2048,
        maxBlocksPerSm: 16,
      }).residentBlocksPerSm,
    ).toBe(16);
    expect(
      scheduleWaves({
        blocks: 1,
        threadsPerBlock: 32,
        sms: 1,
        maxThreadsPerSm: 2048,
        maxBlocksPerSm: 16,
        blocksPerSmLimit: 2,
      }).residentBlocksPerSm,
    ).toBe(2);
  });

  it('shows the tail effect of 4096 matmul tiles on 132 vs 108 SMs', () => {
    const h100 = gpuWaveSchedule('h100-sxm', 4096, 256, 1);
    expect(h100.waves).toBe(32);
    expect(h100.lastWaveBlocks).toBe(4096 - 31 * 132);
    expect(h100.utilization).toBeCloseTo(4096 / (32 * 132), 12);
    expect(gpuWaveSchedule('a100-sxm-40gb', 4096, 256, 1).waves).toBe(38);
    expect(gpuWaveSchedule('rtx-4090', 4096, 256, 1).utilization).toBe(1);
  });

  it('rejects impossible geometry by name', () => {
    const base = {
      blocks: 1,
      threadsPerBlock: 64,
      sms: 1,
      maxThreadsPerSm: 1024,
      maxBlocksPerSm: 16,
    };
    expect(() => scheduleWaves({ ...base, blocks: 0 })).toThrow(/blocks/);
    expect(() => scheduleWaves({ ...base, threadsPerBlock: 2048 })).toThrow(
      /threadsPerBlock must be at most 1024, got 2048/,
    );
    expect(() => scheduleWaves({ ...base, sms: 1.5 })).toThrow(/sms/);
    expect(() => gpuWaveSchedule('gtx-1650', 10, 1536)).toThrow(/threadsPerBlock/);
    expect(() => gpuWaveSchedule('nope', 10, 64)).toThrow(/unknown gpu id "nope"/);
  });
});
