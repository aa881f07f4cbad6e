import { describe, expect, it } from 'vitest';
import { gpuWaveSchedule, scheduleWaves } from '../../engine/models';
import { explorerHardware } from './hardware';
import { elementsDone, planWaves, threadsPerSmInWave, waveSnapshot } from './schedule';

const a100 = explorerHardware('a100-sxm-80gb');
const relu = { elements: 524_288, threadsPerBlock: 64, residency: 'one-per-core' as const };

describe('planWaves', () => {
  it('gives the lesson’s 76 waves for (1024, 512) on an A100 at one element per core', () => {
    const plan = planWaves(a100, relu);
    expect(plan.blocks).toBe(8192);
    expect(plan.warpsPerBlock).toBe(2);
    expect(plan.schedule.blocksPerWave).toBe(108);
    expect(plan.schedule.waves).toBe(76);
    expect(plan.schedule.waves).toBe(Math.ceil(524_288 / 6912));
  });

  it('matches the engine’s schedule for the real residency', () => {
    const plan = planWaves(a100, { ...relu, threadsPerBlock: 256 }, 'resident');
    expect(plan.schedule).toEqual(gpuWaveSchedule('a100-sxm-80gb', 2048, 256));
    expect(plan.schedule.waves).toBe(3);
  });

  it('uses the hand-set SM count', () => {
    const custom = explorerHardware('a100-sxm-80gb', 10, 64);
    const plan = planWaves(custom, relu);
    expect(plan.schedule).toEqual(
      scheduleWaves({
        blocks: 8192,
        threadsPerBlock: 64,
        sms: 10,
        maxThreadsPerSm: 64,
        maxBlocksPerSm: 32,
      }),
    );
    expect(plan.schedule.waves).toBe(820);
  });
});

describe('waveSnapshot', () => {
  const plan = planWaves(a100, relu);

  it('fills every SM in a full wave', () => {
    expect(waveSnapshot(plan, 3)).toEqual({
      wave: 3,
      blocks: 108,
      busySms: 108,
      threads: 6912,
      warps: 216,
      firstBlock: 216,
    });
  });

  it('leaves SMs idle in the partial last wave', () => {
    const last = waveSnapshot(plan, 76);
    expect(last.blocks).toBe(8192 - 75 * 108);
    expect(last.busySms).toBe(92);
    expect(last.threads).toBe(524_288 - 75 * 6912);
  });

  it('counts a partial last block and its partial warp', () => {
    const odd = planWaves(a100, { ...relu, elements: 1000 });
    const snap = waveSnapshot(odd, 1);
    expect(snap.blocks).toBe(16);
    expect(snap.threads).toBe(1000);
    expect(snap.warps).toBe(15 * 2 + 2);
  });

  it('clamps the wave number into the plan', () => {
    expect(waveSnapshot(plan, 0).wave).toBe(1);
    expect(waveSnapshot(plan, 500).wave).toBe(76);
  });
});

describe('threadsPerSmInWave', () => {
  it('adds up to the wave’s threads and never exceeds the residency limit', () => {
    const plan = planWaves(a100, { ...relu, elements: 100_003, threadsPerBlock: 256 }, 'resident');
    for (let wave = 1; wave <= plan.schedule.waves; wave++) {
      const perSm = threadsPerSmInWave(plan, wave);
      const sum = perSm.reduce((a, b) => a + b, 0);
      expect(sum).toBe(waveSnapshot(plan, wave).threads);
      expect(Math.max(...perSm)).toBeLessThanOrEqual(plan.threadsPerSmLimit);
    }
  });
});

describe('elementsDone', () => {
  const plan = planWaves(a100, relu);
  it('counts whole and partial waves', () => {
    expect(elementsDone(plan, 0)).toBe(0);
    expect(elementsDone(plan, 1)).toBe(6912);
    expect(elementsDone(plan, 2.5)).toBe(6912 * 2 + 3456);
    expect(elementsDone(plan, 76)).toBe(524_288);
    expect(elementsDone(plan, 99)).toBe(524_288);
  });
});

describe('planWaves for comparison', () => {
  it('caps a resident-sized block to fit one thread per core, keeping the 76 waves', () => {
    const plan = planWaves(a100, { ...relu, threadsPerBlock: 256 }, 'one-per-core');
    expect(plan.threadsPerBlock).toBe(64);
    expect(plan.schedule.waves).toBe(76);
  });
});
