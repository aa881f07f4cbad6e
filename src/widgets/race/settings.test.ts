import { describe, expect, it } from 'vitest';
import {
  checkRaceSettings,
  DEFAULT_RACE_SETTINGS,
  RACE_LIMITS,
  serialIterationsFor,
  totalSteps,
} from './settings';

describe('checkRaceSettings', () => {
  it('keeps valid settings and reports nothing', () => {
    const r = checkRaceSettings({ tasks: 1000, iterations: 50, serialPercent: 10 });
    expect(r.settings).toEqual({
      tasks: 1000,
      iterations: 50,
      serialPercent: 10,
      gpu: 'a100-sxm-80gb',
    });
    expect(r.messages).toEqual([]);
  });

  it('fills in defaults for missing values', () => {
    expect(checkRaceSettings({}).settings).toEqual(DEFAULT_RACE_SETTINGS);
  });

  it('accepts numeric strings (as lesson props and URLs give them)', () => {
    expect(checkRaceSettings({ tasks: '256' }).settings.tasks).toBe(256);
  });

  it('replaces non-numbers with the default and says so', () => {
    const r = checkRaceSettings({ tasks: 'lots', iterations: NaN });
    expect(r.settings.tasks).toBe(DEFAULT_RACE_SETTINGS.tasks);
    expect(r.settings.iterations).toBe(DEFAULT_RACE_SETTINGS.iterations);
    expect(r.messages.join(' ')).toMatch(/Tasks must be a whole number; using 4,096/);
    expect(r.messages.join(' ')).toMatch(/Work per task must be a whole number; using 2,000/);
  });

  it('clamps out-of-range values with a message naming the limit', () => {
    const r = checkRaceSettings({ tasks: -5, serialPercent: 80 });
    expect(r.settings.tasks).toBe(1);
    expect(r.settings.serialPercent).toBe(RACE_LIMITS.serialPercent.max);
    expect(r.messages.join(' ')).toMatch(/at least 1/);
    expect(r.messages.join(' ')).toMatch(/at most 50/);
  });

  it('keeps a catalog GPU for the modeled lane and refuses anything else', () => {
    expect(checkRaceSettings({ gpu: 'h100-sxm' }).settings.gpu).toBe('h100-sxm');
    const r = checkRaceSettings({ gpu: '<img src=x>' });
    expect(r.settings.gpu).toBe('a100-sxm-80gb');
    expect(r.messages.join(' ')).toMatch(/Modeled GPU/);
  });

  it('counts the serial stage when capping the job', () => {
    const r = checkRaceSettings({ tasks: 100_000, iterations: 4000, serialPercent: 50 });
    expect(totalSteps(r.settings)).toBeLessThanOrEqual(RACE_LIMITS.maxTotalSteps + 100_000);
    expect(r.settings.iterations).toBe(2000);
  });

  it('reduces work per task when the whole job is too big', () => {
    const r = checkRaceSettings({ tasks: 1_000_000, iterations: 20_000, serialPercent: 0 });
    expect(r.settings.tasks * r.settings.iterations).toBeLessThanOrEqual(RACE_LIMITS.maxTotalSteps);
    expect(r.settings.iterations).toBe(400);
    expect(r.messages.join(' ')).toMatch(/reduced to 400/);
  });
});

describe('serial stage size', () => {
  it('is zero without a serial fraction', () => {
    expect(serialIterationsFor({ tasks: 10, iterations: 10, serialPercent: 0 })).toBe(0);
  });

  it('makes the serial stage the requested share of all steps', () => {
    const s = { tasks: 1000, iterations: 100, serialPercent: 20 };
    const serial = serialIterationsFor(s);
    expect(serial / totalSteps(s)).toBeCloseTo(0.2, 6);
  });
});
