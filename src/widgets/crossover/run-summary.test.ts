import { describe, expect, it } from 'vitest';
import { crossoverRunSummary } from './run-summary';

describe('crossoverRunSummary', () => {
  it('names the measured crossover size', () => {
    expect(
      crossoverRunSummary('relu', { kind: 'at', size: 52_345, between: [32_768, 65_536] }, null),
    ).toBe('relu: GPU faster from about 52,000 elements');
  });

  it('covers a GPU that always or never wins, and a sweep with no pairs', () => {
    expect(crossoverRunSummary('matmul', { kind: 'always', from: 64 }, null)).toBe(
      'matmul: GPU faster at every measured size',
    );
    expect(crossoverRunSummary('matmul', { kind: 'never', upTo: 1024 }, null)).toBe(
      'matmul: GPU never faster, up to n ≈ 1,024',
    );
    expect(crossoverRunSummary('relu', { kind: 'none-measured' }, null)).toBe(
      'relu: no size measured on both sides',
    );
  });

  it('says when only the CPU could be measured', () => {
    expect(crossoverRunSummary('relu', { kind: 'always', from: 1 }, 'No WebGPU.')).toBe(
      'relu: only the CPU was measured (no GPU)',
    );
  });
});
