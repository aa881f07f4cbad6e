import { describe, expect, it } from 'vitest';
import {
  initialPlayback,
  playbackReducer,
  playbackSeconds,
  shownWave,
  waveFraction,
  wavesPerSecond,
  type PlaybackState,
} from './playback';

const ready = initialPlayback(76);
const tick = (state: PlaybackState, seconds: number) =>
  playbackReducer(state, { type: 'tick', seconds, wavesPerSecond: 10 });

describe('playback transitions', () => {
  it('starts ready at wave 0', () => {
    expect(ready).toEqual({ phase: 'ready', position: 0, waves: 76 });
    expect(shownWave(ready)).toBe(0);
    expect(() => initialPlayback(0)).toThrow(RangeError);
  });

  it('plays forward with time, and ignores ticks when not playing', () => {
    expect(tick(ready, 1)).toBe(ready);
    const playing = playbackReducer(ready, { type: 'play' });
    expect(playing.phase).toBe('playing');
    const later = tick(playing, 0.25);
    expect(later.position).toBeCloseTo(2.5);
    expect(shownWave(later)).toBe(3);
    expect(waveFraction(later)).toBeCloseTo(0.5);
  });

  it('pauses and resumes where it was', () => {
    const paused = playbackReducer(tick(playbackReducer(ready, { type: 'play' }), 0.3), {
      type: 'pause',
    });
    expect(paused.phase).toBe('paused');
    expect(tick(paused, 5)).toBe(paused);
    const resumed = playbackReducer(paused, { type: 'play' });
    expect(resumed.position).toBeCloseTo(3);
    expect(playbackReducer(ready, { type: 'pause' })).toBe(ready);
  });

  it('steps one whole wave at a time, finishing a wave in progress first', () => {
    const one = playbackReducer(ready, { type: 'step' });
    expect(one).toEqual({ phase: 'paused', position: 1, waves: 76 });
    expect(shownWave(one)).toBe(1);
    expect(waveFraction(one)).toBe(1);
    const mid = tick(playbackReducer(one, { type: 'play' }), 0.05);
    expect(playbackReducer(mid, { type: 'step' }).position).toBe(2);
  });

  it('finishes at the last wave by playing, stepping or jumping', () => {
    const played = tick(playbackReducer(ready, { type: 'play' }), 100);
    expect(played).toEqual({ phase: 'finished', position: 76, waves: 76 });
    let stepped = initialPlayback(2);
    stepped = playbackReducer(stepped, { type: 'step' });
    stepped = playbackReducer(stepped, { type: 'step' });
    expect(stepped.phase).toBe('finished');
    expect(playbackReducer(stepped, { type: 'step' })).toBe(stepped);
    expect(playbackReducer(ready, { type: 'finish' }).phase).toBe('finished');
  });

  it('plays again from the start after finishing, and resets to ready', () => {
    const done = playbackReducer(ready, { type: 'finish' });
    expect(playbackReducer(done, { type: 'play' })).toEqual({
      phase: 'playing',
      position: 0,
      waves: 76,
    });
    expect(playbackReducer(done, { type: 'reset' })).toEqual(ready);
  });
});

describe('playback speed', () => {
  it('takes half a second a wave, within 1.5 to 10 seconds', () => {
    expect(playbackSeconds(1)).toBe(1.5);
    expect(playbackSeconds(8)).toBe(4);
    expect(playbackSeconds(76)).toBe(10);
    expect(wavesPerSecond(76)).toBeCloseTo(7.6);
  });
});
