import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { DataParallelController, SECONDS_PER_RING_STEP } from './controller';
import { dataParallelSchema } from './settings';
import { fakeClock, fakeDeps } from './test-deps';

const settings = (patch: object = {}) => checkState(dataParallelSchema, patch).state;

describe('DataParallelController', () => {
  it('answers the settings and starts the ring at step 0 with one ring slot per GPU', () => {
    const c = new DataParallelController(fakeDeps(), settings());
    const state = c.getState();
    expect(state.status).toBe('done');
    expect(state.analysis.kind).toBe('result');
    expect(state.ring).toEqual({ gpus: 4, done: 0, progress: 0, playing: false });
  });

  it('steps forward and back by hand, stopping at both ends', () => {
    const c = new DataParallelController(fakeDeps(), settings());
    c.stepBack();
    expect(c.getState().ring.done).toBe(0);
    for (let i = 0; i < 10; i++) c.stepForward();
    expect(c.getState().ring.done).toBe(6);
    c.stepBack();
    expect(c.getState().ring.done).toBe(5);
    c.reset();
    expect(c.getState().ring.done).toBe(0);
  });

  it('plays on the injected clock, a step every SECONDS_PER_RING_STEP, and stops at the end', () => {
    const clock = fakeClock();
    const c = new DataParallelController(fakeDeps({ now: clock.now }), settings());
    c.togglePlay();
    expect(c.isAnimating()).toBe(true);
    c.tick(); // the first frame only notes the time
    for (let i = 0; i < 9; i++) {
      clock.advance(SECONDS_PER_RING_STEP / 10);
      c.tick();
    }
    expect(c.getState().ring.done).toBe(0);
    expect(c.getState().ring.progress).toBeCloseTo(0.9, 9);
    for (let i = 0; i < 2; i++) {
      clock.advance(SECONDS_PER_RING_STEP / 10);
      c.tick();
    }
    expect(c.getState().ring.done).toBe(1);
    expect(c.getState().ring.progress).toBeCloseTo(0.1, 9);
    c.togglePlay();
    expect(c.isAnimating()).toBe(false);
    clock.advance(5);
    c.tick();
    expect(c.getState().ring.done).toBe(1);
    c.togglePlay();
    for (let i = 0; i < 200; i++) {
      clock.advance(0.05);
      c.tick();
    }
    expect(c.getState().ring).toMatchObject({ done: 6, progress: 0, playing: false });
    // Play from the end starts over.
    c.togglePlay();
    expect(c.getState().ring).toMatchObject({ done: 0, playing: true });
  });

  it('never animates under reduced motion: play does one step', () => {
    const c = new DataParallelController(fakeDeps({ reducedMotion: () => true }), settings());
    c.togglePlay();
    expect(c.getState().ring).toMatchObject({ done: 1, playing: false });
    expect(c.isAnimating()).toBe(false);
  });

  it('resets the ring when the GPU count changes, keeps it otherwise, and caps it at 8', () => {
    const c = new DataParallelController(fakeDeps(), settings());
    c.stepForward();
    c.configure(settings({ batch: 64 }));
    expect(c.getState().ring.done).toBe(1);
    c.configure(settings({ gpusPerNode: 8, nodes: 2 }));
    expect(c.getState().ring).toEqual({ gpus: 8, done: 0, progress: 0, playing: false });
  });

  it('shows the engine’s refusal as an error', () => {
    const engine = {
      ...fakeDeps().engine,
      predict: () => {
        throw new RangeError('batch must be a positive integer');
      },
    };
    const c = new DataParallelController(fakeDeps({ engine }), settings());
    expect(c.getState().status).toBe('error');
    expect(c.getState().analysis).toEqual({
      kind: 'problem',
      message: 'batch must be a positive integer',
    });
  });
});
