import { formatSeconds, formatSpread, NO_VALUE } from '../../format/units';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { CLOCK_TEXT, WARM_TWIN } from './clock-text';
import type { ClockRow, GpuClockStatus, TimingReport } from './model';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { fieldLabel } from '../../ui/field';
import { asyncTimingSchema } from './settings';

/** Why the GPU row is empty, in a few words. */
const NO_GPU_CLOCK: Partial<Record<GpuClockStatus, string>> = {
  coarse: 'both stamps read the same (rounded)',
  'adapter-lacks': 'this adapter has no timestamp-query',
  'device-lacks': 'this device was made without timestamp-query',
};

/** A time, or the dash. */
function seconds(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_VALUE : formatSeconds(value);
}

/** One clock: its first run, its warm median with a bar, its spread and its PyTorch twin. */
function Row({ row, longest, empty }: { row: ClockRow; longest: number; empty: string | null }) {
  const text = CLOCK_TEXT[row.clock];
  const median = row.warm?.medianSeconds ?? null;
  const widthPercent = median !== null && longest > 0 ? Math.max(0.5, (100 * median) / longest) : 0;
  return (
    <tr data-clock={row.clock}>
      <th scope="row">
        {text.name}
        <span className="at-stops">stops {text.stops}</span>
      </th>
      <td data-first-seconds={row.firstSeconds ?? undefined}>{seconds(row.firstSeconds)}</td>
      <td data-median-seconds={median ?? undefined}>
        {median === null ? (empty ?? NO_VALUE) : formatSeconds(median)}
        {median !== null ? (
          <span className="at-bar" aria-hidden="true">
            <span
              className={`at-bar-fill at-bar-fill--${row.clock}`}
              style={{ width: `${widthPercent}%` }}
            />
          </span>
        ) : null}
      </td>
      <td>
        {row.warm
          ? `${formatSeconds(row.warm.minSeconds)} – ${formatSeconds(row.warm.maxSeconds)} (${formatSpread(row.warm.relativeSpread)})`
          : NO_VALUE}
      </td>
      <td>{text.twin}</td>
    </tr>
  );
}

/** The three clocks side by side: first run, warm median and spread, and each one's twin. */
export function ClockTable({ report, n }: { report: TimingReport; n: number }) {
  const longest = Math.max(...report.rows.map((r) => r.warm?.medianSeconds ?? 0));
  const samples = report.runs.length - 1;
  return (
    <ScrollRegion className="at-scroll" label="The three clocks">
      <table className="at-table" data-clock-table>
        <caption>
          <span className="tag-measured">measured</span> One {n} × {n} × {n} matmul per submit,
          timed three ways on this device. Bars compare the warm medians.
        </caption>
        <ColumnHeads
          names={[
            'Clock',
            'First run',
            `${fieldLabel(asyncTimingSchema.fields.warmRuns)}: median of ${samples}`,
            `${fieldLabel(asyncTimingSchema.fields.warmRuns)}: range (spread)`,
            'PyTorch twin',
          ]}
        />
        <tbody>
          {report.rows.map((row) => (
            <Row
              key={row.clock}
              row={row}
              longest={longest}
              empty={row.clock === 'gpu' ? (NO_GPU_CLOCK[report.gpuStatus] ?? null) : null}
            />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">First run in all</th>
            <td data-first-total-seconds={report.firstTotalSeconds}>
              {formatSeconds(report.firstTotalSeconds)}
            </td>
            <td colSpan={3}>
              set-up before submit plus the wait for completion; the warm median and its spread are
              what {WARM_TWIN} reports
            </td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
