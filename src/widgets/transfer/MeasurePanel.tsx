import { memo, useId } from 'react';
import { RunButtons } from '../../ui/RunControls';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { BENCH_MAX_CHOICES_BYTES } from './bench-sizes';
import { formatBytesBinary, formatGigabytesPerSecond } from '../../format/units';
import { BandwidthChart } from './BandwidthChart';
import { useController } from '../../ui/useController';
import { BenchController, type BenchDeps } from './bench-controller';
import '../../ui/field.css';
import './measure-panel.css';

/** Props of the measurement panel. */
export interface MeasurePanelProps {
  /** The measurement's outside world (WebGPU in a browser, fakes in tests). */
  deps: BenchDeps;
  /** Largest size to measure (one of BENCH_MAX_CHOICES_BYTES). */
  maxBytes: number;
  /** The learner picked another largest size. */
  onMaxBytes(bytes: number): void;
}

/** "Measure my device": the learner's own upload and readback bandwidth through WebGPU. */
export const MeasurePanel = memo(function MeasurePanel({
  deps,
  maxBytes,
  onMaxBytes,
}: MeasurePanelProps) {
  const id = useId();
  const [controller, state] = useController(() => new BenchController(deps));
  const running = state.status === 'running';
  const shownMax = state.sizes.at(-1) ?? maxBytes;

  return (
    <section
      className="measure-panel"
      aria-label="Measure my device"
      data-bench-status={state.status}
    >
      <h4>
        Measure my device <span className="tag-measured">measured</span>
      </h4>
      <p>
        Copies arrays of growing size from JavaScript into GPU memory (
        <code>queue.writeBuffer</code>) and back (<code>mapAsync</code>), times each one, and checks
        every byte that comes back. Small copies are dominated by fixed costs; large ones approach
        the link&apos;s bandwidth.
      </p>
      <div className="measure-controls">
        <label htmlFor={`${id}-max`}>Largest size</label>
        <select
          className="ui-field"
          id={`${id}-max`}
          value={maxBytes}
          disabled={running}
          onChange={(e) => onMaxBytes(Number(e.target.value))}
        >
          {BENCH_MAX_CHOICES_BYTES.map((b) => (
            <option key={b} value={b}>
              {formatBytesBinary(b)}
            </option>
          ))}
        </select>
        <RunButtons
          running={running}
          runLabel={state.status === 'done' ? 'Measure again' : 'Measure my device'}
          onRun={() => void controller.run(maxBytes)}
          runAction="measure"
          onCancel={() => controller.cancel()}
        />
      </div>
      <div aria-live="polite" className="measure-status">
        {state.message ? (
          <p className={state.status === 'error' ? 'measure-error' : undefined}>{state.message}</p>
        ) : null}
        {state.adapter ? (
          <p>
            WebGPU adapter: {state.adapter.description}.
            {state.adapter.fallback ? (
              <strong>
                {' '}
                This is a software fallback adapter: the &quot;GPU memory&quot; is in your RAM, so
                these numbers are memory copies inside your computer, not a trip over a bus.
              </strong>
            ) : (
              ' On a discrete GPU these copies cross the same PCIe link the model describes, plus the browser’s own copies.'
            )}
          </p>
        ) : null}
        {state.status === 'done' ? (
          <p>Done: {state.points.length / 2} sizes, every read-back byte verified.</p>
        ) : null}
      </div>
      <BandwidthChart points={state.points} maxBytes={shownMax} />
      {state.points.length > 0 ? (
        <table className="measure-table" data-bench-table>
          <caption>Measured bandwidth (median of repeated copies)</caption>
          <ColumnHeads names={['Size', 'Upload', 'Readback']} />
          <tbody>
            {[...new Set(state.points.map((p) => p.bytes))].map((bytes) => {
              const up = state.points.find((p) => p.bytes === bytes && p.direction === 'upload');
              const down = state.points.find(
                (p) => p.bytes === bytes && p.direction === 'readback',
              );
              return (
                <tr key={bytes}>
                  <th scope="row">{formatBytesBinary(bytes)}</th>
                  <td>{up ? formatGigabytesPerSecond(up.bytesPerSecond) : '…'}</td>
                  <td>
                    {down
                      ? `${formatGigabytesPerSecond(down.bytesPerSecond)}${down.verified ? '' : ' (bytes differed!)'}`
                      : '…'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
});
