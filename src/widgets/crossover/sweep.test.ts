import { describe, expect, it } from 'vitest';
import { describeOpSize, planSweep, sizeWeight } from './sweep';

describe('planSweep', () => {
  it('steps ReLU by factors of four from 1,024 and ends on the cap', () => {
    expect(planSweep('relu', { elementsLog2: 14, matmulMax: '256' })).toEqual([1024, 4096, 16384]);
    expect(planSweep('relu', { elementsLog2: 15, matmulMax: '256' })).toEqual([
      1024, 4096, 16384, 32768,
    ]);
  });

  it('doubles the matmul edge from 16 up to the cap', () => {
    expect(planSweep('matmul', { elementsLog2: 20, matmulMax: '64' })).toEqual([16, 32, 64]);
    expect(planSweep('matmul', { elementsLog2: 20, matmulMax: '1024' })).toHaveLength(7);
  });

  it('never plans an empty sweep', () => {
    expect(planSweep('relu', { elementsLog2: 3, matmulMax: '64' })).toEqual([1024]);
    expect(planSweep('matmul', { elementsLog2: 20, matmulMax: 'x' as '64' })).toEqual([16]);
  });
});

describe('sizeWeight and describeOpSize', () => {
  it('weighs matmul by n cubed and names sizes plainly', () => {
    expect(sizeWeight('relu', 4096)).toBe(4096);
    expect(sizeWeight('matmul', 16)).toBe(4096);
    expect(describeOpSize('relu', 16384)).toBe('16,384 elements');
    expect(describeOpSize('matmul', 256)).toBe('256 × 256');
  });
});
