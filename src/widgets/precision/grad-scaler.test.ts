import { describe, expect, it } from 'vitest';
import {
  advance,
  GRAD_SCALER_DEFAULTS,
  initialScaler,
  injectOverflow,
  largestGradientAt,
  runIterations,
  runUntilScaleChanges,
  SCALER_PHASES,
  updatedScale,
} from './grad-scaler';

describe('GradScaler defaults', () => {
  it('are PyTorch’s: init_scale 2**16, growth 2.0, backoff 0.5, interval 2000', () => {
    expect(GRAD_SCALER_DEFAULTS).toEqual({
      initScale: 65536,
      growthFactor: 2,
      backoffFactor: 0.5,
      growthInterval: 2000,
    });
  });
});

describe('updatedScale, as _amp_update_scale_ computes it', () => {
  const config = { ...GRAD_SCALER_DEFAULTS, growthInterval: 3 };

  it('backs off and restarts the count on inf/NaN', () => {
    expect(updatedScale(config, 1024, 2, true)).toEqual({ scale: 512, tracker: 0 });
  });

  it('counts good steps and grows the scale when the count reaches growth_interval', () => {
    expect(updatedScale(config, 1024, 0, false)).toEqual({ scale: 1024, tracker: 1 });
    expect(updatedScale(config, 1024, 1, false)).toEqual({ scale: 1024, tracker: 2 });
    expect(updatedScale(config, 1024, 2, false)).toEqual({ scale: 2048, tracker: 0 });
  });

  it('does not grow the scale past fp32 into infinity', () => {
    expect(updatedScale(config, 2 ** 127, 2, false)).toEqual({ scale: 2 ** 127, tracker: 0 });
  });
});

describe('the training loop', () => {
  it('runs the calls of an iteration in order and says what each did', () => {
    let s = initialScaler();
    const seen: string[] = [];
    for (let i = 0; i < SCALER_PHASES.length; i++) {
      seen.push(s.next);
      s = advance(s);
    }
    expect(seen).toEqual(['forward', 'scale', 'backward', 'unscale', 'step', 'update']);
    expect(s.iteration).toBe(2);
    expect(s.next).toBe('forward');
    expect(s.optimizerSteps).toBe(1);
    expect(s.growthTracker).toBe(1);
    expect(s.log.map((e) => e.phase)).toEqual([
      'update',
      'step',
      'unscale',
      'backward',
      'scale',
      'forward',
    ]);
    expect(s.log[4]!.text).toBe('scaler.scale(loss): the loss is multiplied by 65536.');
    expect(s.log[1]!.text).toMatch(/optimizer\.step\(\) runs/);
  });

  it('skips optimizer.step() and halves the scale after an injected overflow', () => {
    let s = injectOverflow(initialScaler());
    s = runIterations(s, 1);
    expect(s.skippedSteps).toBe(1);
    expect(s.optimizerSteps).toBe(0);
    expect(s.scale).toBe(32768);
    expect(s.growthTracker).toBe(0);
    expect(s.injectOverflow).toBe(false);
    expect(s.log.find((e) => e.phase === 'step')!.text).toMatch(/skipped/);
    expect(s.log.find((e) => e.phase === 'backward')!.text).toMatch(/injected/);
  });

  it('grows the scale after growth_interval good steps, until gradients overflow fp16', () => {
    let s = initialScaler({ ...GRAD_SCALER_DEFAULTS, growthInterval: 2000 });
    s = runUntilScaleChanges(s);
    expect(s.scale).toBe(2 ** 17);
    expect(s.iteration).toBe(2001);
    // Gradients near 1e-2 overflow 65504 once the scale passes about 2^22: the scale settles there.
    for (let i = 0; i < 12; i++) s = runUntilScaleChanges(s);
    expect(s.skippedSteps).toBeGreaterThan(0);
    expect(s.scale).toBeGreaterThanOrEqual(2 ** 21);
    expect(s.scale).toBeLessThanOrEqual(2 ** 23);
    expect(largestGradientAt(5)).toBe(largestGradientAt(5));
  });

  it('keeps only the latest events', () => {
    const s = runIterations(initialScaler(), 5);
    expect(s.log).toHaveLength(8);
    expect(s.log[0]!.iteration).toBe(5);
  });
});
