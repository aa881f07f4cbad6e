import { formatPercent, formatRatio } from '../../format/units';
import type { TimingResult } from './controller';

/**
 * One line on a finished set of timed runs, for a host page that records runs: how much slower
 * the first call was than a warm one, and how much of the real time a clock around the submit
 * call saw. Pure; null (no result) gives a plain line.
 */
export function asyncTimingRunSummary(result: TimingResult | null): string {
  if (!result) return 'Timing run finished without a result';
  const { firstOverWarm, naiveShareOfCompletion } = result.report;
  return (
    `${result.n} × ${result.n} matmul: first call ${formatRatio(firstOverWarm)} a warm run; ` +
    `the clock around submit saw ${formatPercent(naiveShareOfCompletion)} of the time to completion`
  );
}
