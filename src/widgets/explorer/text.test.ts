import { describe, expect, it } from 'vitest';
import { explorerHardware } from './hardware';
import { commandForKey, moveSelection } from './keys';
import { initialPlayback, playbackReducer } from './playback';
import { planWaves } from './schedule';
import { roughly, slowdownPhrase, waveSummary } from './summary';

const a100 = explorerHardware('a100-sxm-80gb');
const plan = planWaves(a100, { elements: 524_288, threadsPerBlock: 64, residency: 'one-per-core' });

describe('waveSummary', () => {
  it('reads like the brief: "Wave 3 of 76: 108 SMs busy, 6,912 threads running…"', () => {
    let playback = initialPlayback(76);
    for (let i = 0; i < 3; i++) playback = playbackReducer(playback, { type: 'step' });
    expect(waveSummary(a100, plan, playback)).toBe(
      'Wave 3 of 76: 108 SMs busy, 6,912 threads running (216 warps in 108 blocks). 20,736 of 524,288 elements done.',
    );
  });

  it('says what is ready before the start, and sums up at the end', () => {
    const ready = initialPlayback(76);
    expect(waveSummary(a100, plan, ready)).toMatch(
      /^Ready: 524,288 elements in 8,192 blocks of 64 threads, 76 waves over 108 SMs\./,
    );
    const done = playbackReducer(ready, { type: 'finish' });
    expect(waveSummary(a100, plan, done)).toBe(
      'Finished all 76 waves: 524,288 of 524,288 elements done. The last wave had 92 SMs busy with 5,888 threads (184 warps in 92 blocks).',
    );
  });

  it('uses Apple’s word for an SM', () => {
    const m2 = explorerHardware('apple-m2');
    const p = planWaves(m2, { elements: 5000, threadsPerBlock: 128, residency: 'one-per-core' });
    const s = playbackReducer(initialPlayback(p.schedule.waves), { type: 'step' });
    expect(waveSummary(m2, p, s)).toMatch(/^Wave 1 of 4: 10 GPU cores busy/);
  });
});

describe('slowdownPhrase', () => {
  it('explains the slowdown of the animation', () => {
    expect(slowdownPhrase(10, 1e-5)).toBe(
      'Playback is about 1 million times slower than the modeled 10 µs, so you can watch it.',
    );
    expect(roughly(1_293_549)).toBe('1.3 million');
    expect(roughly(45_321)).toBe('45,000');
    expect(roughly(2.5e9)).toBe('2.5 billion');
    expect(slowdownPhrase(1, 2)).toBe('Playback runs at about real speed.');
  });
});

describe('keys', () => {
  it('maps keys to commands and moves the selection within the grid', () => {
    expect(commandForKey('ArrowRight')).toEqual({ type: 'move', dx: 1, dy: 0 });
    expect(commandForKey('Enter')).toEqual({ type: 'zoom-in' });
    expect(commandForKey('Escape')).toEqual({ type: 'zoom-out' });
    expect(commandForKey(' ')).toEqual({ type: 'play-pause' });
    expect(commandForKey('s')).toEqual({ type: 'step' });
    expect(commandForKey('x')).toBeNull();
    expect(moveSelection(0, 1, 0, 14, 108)).toBe(1);
    expect(moveSelection(0, 0, 1, 14, 108)).toBe(14);
    expect(moveSelection(100, 0, 1, 14, 108)).toBe(100);
    expect(moveSelection(0, -1, 0, 14, 108)).toBe(0);
  });
});
