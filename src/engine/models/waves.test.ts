import { describe, it, expect } from 'vitest';
import { gpuWaveSchedule, scheduleWaves } from './waves';

/** 100 SMs of 2048 threads and 32 blocks each, running 1000 blocks of 256 threads. */
const HUNDRED_SMS = {
  blocks: 1000,
  threadsPerBlock: 256,
  sms: 100,
  maxThreadsPerSm: 2048,
  maxBlocksPerSm: 32,
};

/** One SM that holds 16 blocks at most, running one block of 32 threads. */
const ONE_SM = { ...HUNDRED_SMS, blocks: 1, threadsPerBlock: 32, sms: 1, maxBlocksPerSm: 16 };

describe('wave scheduling', () => {
  it('fills SMs up to the thread and block limits', () => {
    const s = scheduleWaves(HUNDRED_SMS);
    expect(s.residentBlocksPerSm).toBe(8);
    expect(s.blocksPerWave).toBe(800);
    expect(s.waves).toBe(2);
    expect(s.lastWaveBlocks).toBe(200);
    expect(s.utilization).toBeCloseTo(1000 / 1600, 12);
  });

  it('caps residency by the block limit and by a resource limit', () => {
    expect(scheduleWaves(ONE_SM).residentBlocksPerSm).toBe(16);
    expect(scheduleWaves({ ...ONE_SM, blocksPerSmLimit: 2 }).residentBlocksPerSm).toBe(2);
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
    expect(() => scheduleWaves({ ...ONE_SM, blocks: 0 })).toThrow(/blocks/);
    expect(() => scheduleWaves({ ...ONE_SM, threadsPerBlock: 2048 })).toThrow(
      /threadsPerBlock must be at most 1024, got 2048/,
    );
    expect(() => scheduleWaves({ ...ONE_SM, sms: 1.5 })).toThrow(/sms/);
    expect(() => gpuWaveSchedule('gtx-1650', 10, 1536)).toThrow(/threadsPerBlock/);
    expect(() => gpuWaveSchedule('nope', 10, 64)).toThrow(/unknown gpu id "nope"/);
  });
});
