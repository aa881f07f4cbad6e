import { describe, expect, it } from 'vitest';
import { modeledPlayback, waveActivity } from './lanes';

describe('waveActivity', () => {
  it('is all idle before the start and after the end', () => {
    expect(waveActivity(0, 4, 3, 0.5)).toEqual([0, 0, 0, 0]);
    expect(waveActivity(1, 4, 3, 0.5)).toEqual([0, 0, 0, 0]);
  });

  it('keeps every unit busy during a full wave', () => {
    expect(waveActivity(0.2, 4, 3, 0.5)).toEqual([1, 1, 1, 1]);
  });

  it('lights only the share of units the last wave uses', () => {
    expect(waveActivity(0.9, 4, 3, 0.5)).toEqual([1, 1, 0, 0]);
  });
});

describe('modeledPlayback', () => {
  it('plays long predictions in real time', () => {
    expect(modeledPlayback(3)).toEqual({ playbackSeconds: 3, slowdown: 1 });
  });

  it('stretches short predictions and reports the factor', () => {
    const p = modeledPlayback(0.0015, 1.5);
    expect(p.playbackSeconds).toBe(1.5);
    expect(p.slowdown).toBeCloseTo(1000, 6);
  });
});
