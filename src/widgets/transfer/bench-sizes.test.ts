import { describe, expect, it } from 'vitest';
import { cappedMaxBytes, planBenchSizes } from './bench-sizes';

const MIB = 1024 ** 2;

describe('bandwidth measurement plan', () => {
  it('steps in powers of four from 4 KiB, capped by the request, maxBufferSize and the budget', () => {
    expect(planBenchSizes({ maxBytes: MIB, maxBufferSize: 2 ** 30 })).toEqual([
      4096, 16384, 65536, 262144, 1048576,
    ]);
    expect(planBenchSizes({ maxBytes: 2 ** 30, maxBufferSize: 64 * MIB }).at(-1)).toBe(64 * MIB);
    expect(planBenchSizes({ maxBytes: 2 ** 30, maxBufferSize: 2 ** 32 }).at(-1)).toBe(256 * MIB);
    expect(planBenchSizes({ maxBytes: 1000, maxBufferSize: 2 ** 30 })).toEqual([]);
    expect(cappedMaxBytes(256 * MIB, 100 * MIB)).toBe(64 * MIB);
  });
});
