import { describe, expect, it } from 'vitest';
import { scaleToTarget } from './roof-sizes';

const bounds = { min: 1024, max: 1 << 20, multipleOf: 256 };

describe('roof sizes', () => {
  it('scales the probe in proportion to the target time', () => {
    // 4,096 items took 1 ms: 4 ms wants 16,384.
    expect(scaleToTarget(4096, 0.001, bounds, 0.004)).toBe(16_384);
  });

  it('stays within the bounds and on the multiple', () => {
    expect(scaleToTarget(4096, 10, bounds)).toBe(1024);
    expect(scaleToTarget(4096, 1e-9, bounds)).toBe(1 << 20);
    // 1,000 items took 1 ms: 1.3 ms wants 1,300, rounded down to a multiple of 256: 1,280.
    expect(scaleToTarget(1000, 0.001, bounds, 0.0013)).toBe(1280);
  });

  it('takes the largest size when the probe could not be timed', () => {
    expect(scaleToTarget(4096, 0, bounds)).toBe(1 << 20);
    expect(scaleToTarget(4096, Number.NaN, bounds)).toBe(1 << 20);
  });
});
