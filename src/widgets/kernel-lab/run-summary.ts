/**
 * The one line a finished lab job publishes as a learning event: the kernel's measured time
 * (with the prediction for this device and its error when there was one), or the roofs. Pure.
 */
import { describeSize, LAB_KERNELS } from '../../gpu';
import {
  formatGigabytesPerSecond,
  formatGigaflopsPerSecond,
  formatSeconds,
} from '../../format/units';
import type { KernelLabState } from './controller';
import { formatSignedError } from './prediction-text';

/** The lab state the summary reads. */
export type RunSummaryState = Pick<
  KernelLabState,
  'lastJob' | 'latest' | 'results' | 'forecast' | 'roofs'
>;

/** One line on the last finished job; undefined before any job (the frame uses the label). */
export function kernelLabRunSummary(state: RunSummaryState): string | undefined {
  if (state.lastJob === 'roofs') {
    const r = state.roofs;
    if (!r) return undefined;
    const launch =
      r.launchOverheadSeconds === null
        ? ''
        : `, near-empty dispatch ${formatSeconds(r.launchOverheadSeconds)}`;
    return (
      `Roofs measured: copy kernel ${formatGigabytesPerSecond(r.memoryBytesPerSecond)}, ` +
      `FMA ${formatGigaflopsPerSecond(r.flopsPerSecond)}${launch}` +
      (r.verified ? '' : ' (an output failed its check)')
    );
  }
  if (state.lastJob !== 'run') return undefined;
  const m = state.results.find((r) => r.kernel === state.latest);
  if (!m) return undefined;
  const what = `${LAB_KERNELS[m.kernel].label}, ${describeSize(m.kernel, m.size)}`;
  if (!m.verified) return `${what}: output did not match the CPU reference`;
  const row = state.forecast?.phase === 'measured' ? state.forecast.row : null;
  const measured = `${formatSeconds(m.medianSeconds)} measured`;
  if (!row || row.measuredSeconds === null) return `${what}: ${measured}`;
  return (
    `${what}: ${measured}, ${formatSeconds(row.predictedSeconds)} predicted for this device ` +
    `(error ${formatSignedError(row.error)})`
  );
}
