import type { ExplorerState } from './controller';
import type { ExplorerPanelProps } from './panel-props';
import { ColumnHeads } from '../../ui/ColumnHeads';
import {
  formatCount,
  formatGigabytesPerSecond,
  formatSeconds,
  formatSpread,
} from '../../format/units';
import '../../ui/readout-table.css';

/** Bytes the ReLU kernel moves per element: one f32 read and one f32 written. */
const BYTES_MOVED_PER_ELEMENT = 8;

/** "Run it on my GPU": the same kernel measured through WebGPU, beside the modeled time. */
export function MeasurePanel({ state, controller, idBase }: ExplorerPanelProps) {
  const { measure, config } = state;
  const unavailable = measure.phase === 'unavailable';
  const running = measure.phase === 'running';
  return (
    <section className="explorer-measure" aria-labelledby={`${idBase}-measure-title`}>
      <h4 id={`${idBase}-measure-title`}>Run it on my GPU</h4>
      <p className="hint">
        Runs the same ReLU over {formatCount(config.elements)} float32 values through WebGPU on this
        device, checks every output against a CPU reference, and only then shows the time.
      </p>
      <div className="explorer-buttons">
        <button
          type="button"
          data-action="measure"
          disabled={unavailable || running}
          aria-describedby={unavailable ? `${idBase}-measure-why` : undefined}
          onClick={() => void controller.measure()}
        >
          {running ? 'Running…' : measure.phase === 'done' ? 'Run it again' : 'Run it on my GPU'}
        </button>
      </div>
      {unavailable && (
        <p className="explorer-unavailable" id={`${idBase}-measure-why`}>
          {measure.message}
        </p>
      )}
      <div aria-live="polite">
        {running && <p>Running ReLU on {formatCount(measure.elements)} elements on your GPU…</p>}
        {measure.phase === 'error' && (
          <p className="explorer-error" role="alert">
            {measure.message}
          </p>
        )}
        {measure.phase === 'done' && <MeasuredResult state={state} />}
      </div>
    </section>
  );
}

function MeasuredResult({ state }: { state: ExplorerState }) {
  const { measure, config } = state;
  if (measure.phase !== 'done') return null;
  const { measurement, adapter, modeled, modeledOn, elements } = measure;
  const seconds = measurement.secondsPerKernel;
  const bandwidth = (elements * BYTES_MOVED_PER_ELEMENT) / seconds;
  return (
    <div className="explorer-result" data-measure-result>
      <table className="ui-readout">
        <caption className="visually-hidden">
          Measured time on your GPU beside the cost engine's time
        </caption>
        <ColumnHeads names={['Where', 'Source', 'Time per kernel']} />
        <tbody>
          <tr data-row="measured">
            <th scope="row">
              Your GPU
              <span className="explorer-adapter">
                {adapter.description}
                {adapter.isFallback ? ' (software fallback)' : ''}
              </span>
            </th>
            <td>
              <span className="tag-measured">measured</span>
            </td>
            <td
              className="num"
              data-measured-seconds={seconds}
              data-verified={measurement.verified}
            >
              {formatSeconds(seconds)}
            </td>
          </tr>
          <tr data-row="modeled">
            <th scope="row">{modeledOn}</th>
            <td>
              <span className="tag-modeled">modeled</span>
            </td>
            <td className="num" data-modeled-seconds={modeled.seconds}>
              {formatSeconds(modeled.seconds)}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="explorer-verified">✓ Verified: {measurement.detail}.</p>
      <p className="hint">
        Measured: time per launch, the median of {measurement.batches} batches of{' '}
        {formatCount(measurement.repeats)} back-to-back launches (spread{' '}
        {formatSpread(measurement.relativeSpread)}),{' '}
        {measurement.method === 'timestamp-query'
          ? 'timed by the GPU’s own timestamps'
          : 'timed on the page’s clock until the GPU reported the batch done'}
        , {measurement.workgroupSize} threads per workgroup, not counting the upload or reading the
        result back. That is {formatGigabytesPerSecond(bandwidth)} of memory traffic, counting each
        element read and written (8 bytes). Modeled: the cost engine&apos;s launch plus roofline
        time for the same kernel.
      </p>
      {adapter.isFallback && (
        <p className="explorer-fallback">
          Your browser gave WebGPU a software fallback adapter: this &ldquo;GPU&rdquo; is emulated
          on your CPU cores, so the measured time says nothing about GPU hardware. The result is
          still checked, and the modeled time still stands.
        </p>
      )}
      {elements !== config.elements && (
        <p className="hint">
          Measured for {formatCount(elements)} elements; run it again for the current{' '}
          {formatCount(config.elements)}.
        </p>
      )}
    </div>
  );
}
