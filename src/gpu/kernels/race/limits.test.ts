import { describe, expect, it } from 'vitest';
import { maxRaceTasks, raceResultBytes } from './limits';

// The WebGPU defaults a device gets unless it asks for more.
const DEFAULTS = { maxStorageBufferBindingSize: 134_217_728, maxBufferSize: 268_435_456 };

describe('race buffer limits', () => {
  it('sizes the result buffer, at least one word', () => {
    expect(raceResultBytes(1000, DEFAULTS)).toBe(4000);
    expect(raceResultBytes(0, DEFAULTS)).toBe(4);
  });

  it('allows exactly as many tasks as one storage binding holds', () => {
    expect(maxRaceTasks(DEFAULTS)).toBe(33_554_432);
    expect(() => raceResultBytes(33_554_432, DEFAULTS)).not.toThrow();
  });

  it('refuses one task more with a RangeError that names the limit', () => {
    expect(() => raceResultBytes(33_554_433, DEFAULTS)).toThrow(RangeError);
    expect(() => raceResultBytes(33_554_433, DEFAULTS)).toThrow(
      /128\.0 MiB per storage buffer.*at most 33,554,432 tasks/,
    );
  });

  it('counts the tighter of the two limits', () => {
    expect(maxRaceTasks({ maxStorageBufferBindingSize: 8192, maxBufferSize: 4096 })).toBe(1024);
    expect(maxRaceTasks({ maxStorageBufferBindingSize: 4096, maxBufferSize: 8192 })).toBe(1024);
  });
});
