import { describe, expect, it } from 'vitest';
import { maxRaceTasks, raceBufferBytes } from './race-limits';

// The WebGPU defaults a device gets unless it asks for more.
const DEFAULTS = { maxStorageBufferBindingSize: 134_217_728, maxBufferSize: 268_435_456 };

describe('race buffer limits', () => {
  it('sizes the result and readback buffers', () => {
    expect(raceBufferBytes(1000, DEFAULTS)).toEqual({ resultBytes: 4000, readbackBytes: 4004 });
    expect(raceBufferBytes(0, DEFAULTS)).toEqual({ resultBytes: 4, readbackBytes: 4 });
  });

  it('allows exactly as many tasks as one storage binding holds', () => {
    expect(maxRaceTasks(DEFAULTS)).toBe(33_554_432);
    expect(() => raceBufferBytes(33_554_432, DEFAULTS)).not.toThrow();
  });

  it('refuses one task more with a RangeError that names the limit', () => {
    expect(() => raceBufferBytes(33_554_433, DEFAULTS)).toThrow(RangeError);
    expect(() => raceBufferBytes(33_554_433, DEFAULTS)).toThrow(
      /128\.0 MiB per storage buffer.*at most 33,554,432 tasks/,
    );
  });

  it('leaves room for the serial result when the buffer size is the tighter limit', () => {
    const tight = { maxStorageBufferBindingSize: 4096, maxBufferSize: 4096 };
    expect(maxRaceTasks(tight)).toBe(1023);
  });
});
