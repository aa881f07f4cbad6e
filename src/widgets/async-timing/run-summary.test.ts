import { describe, expect, it } from 'vitest';
import type { TimingResult } from './controller';
import type { TimingReport } from './model';
import { asyncTimingRunSummary } from './run-summary';

function result(firstOverWarm: number, naiveShareOfCompletion: number): TimingResult {
  const report = { firstOverWarm, naiveShareOfCompletion } as TimingReport;
  return { n: 1024, report, findings: [], compiledPipeline: true, checkText: '' };
}

describe('asyncTimingRunSummary', () => {
  it('gives the first-call cost and the share the submit clock saw', () => {
    expect(asyncTimingRunSummary(result(12, 0.031))).toBe(
      '1024 × 1024 matmul: first call 12× a warm run; the clock around submit saw 3.1 % of the time to completion',
    );
  });

  it('has a plain line without a result, and never prints NaN', () => {
    expect(asyncTimingRunSummary(null)).toBe('Timing run finished without a result');
    expect(asyncTimingRunSummary(result(NaN, NaN))).not.toMatch(/NaN/);
  });
});
