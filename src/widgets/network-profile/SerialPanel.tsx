import { formatCount, formatPercent, formatSeconds } from '../../format/units';
import type { SerialReport } from './serial';
import '../../ui/panel.css';

/** Props of the recurrent loop's explanation. */
export interface SerialPanelProps {
  report: SerialReport;
  idBase: string;
}

/** Time steps drawn in the strip (the rest are the same). */
const STRIP_STEPS = 12;

/**
 * How the LSTM's time-step loop serialises its work: steps × time per step, how little of each
 * step the arithmetic units are busy, and whether the GPU waits for the host's launches. A strip
 * of the first steps shows each step's busy part; the sentences say the same in words.
 */
export function SerialPanel({ report, idBase }: SerialPanelProps) {
  const first = report.layers[0];
  if (!first) return null;
  const headingId = `${idBase}-serial`;
  const busy = Math.min(1, Math.max(0, first.arithmeticBusyShare));
  const hostBound = report.gpuIdleShare > 0;
  return (
    <section className="ui-panel np-serial" aria-labelledby={headingId} data-serial>
      <h4 id={headingId}>
        The time-step loop <span className="tag-modeled">modeled</span>
      </h4>
      <p data-serial-layer>
        {`${first.name} runs ${formatCount(first.steps)} time steps one after another: each step needs the hidden state the step before it produced, so only the ${formatCount(first.batch)} samples of the batch can work side by side. Its forward pass takes ${formatCount(first.steps)} × ${formatSeconds(first.stepSeconds)} = ${formatSeconds(first.forwardSeconds)}. Within one step the arithmetic needs ${formatSeconds(first.stepComputeSeconds)} (${formatPercent(busy)} of the step); the rest is re-reading the layer's weights from memory and the gaps around its ${formatCount(first.kernelsPerStep)} small kernels.`}
        {report.layers.length === 2 ? ' The layer stacked on it runs the same loop.' : ''}
        {report.layers.length > 2
          ? ` The ${formatCount(report.layers.length - 1)} layers stacked on it run the same loop.`
          : ''}
      </p>
      <div className="np-strip" aria-hidden="true">
        {Array.from({ length: STRIP_STEPS }, (_, i) => (
          <span key={i} className="np-strip-step">
            <span className="np-strip-busy" style={{ width: `${busy * 100}%` }} />
          </span>
        ))}
        <span className="np-strip-more">{`… ${formatCount(first.steps)} steps`}</span>
      </div>
      <p className="np-hint">
        Each box is one time step of {first.name}; its filled part is the time the arithmetic units
        work.
      </p>
      <p data-serial-host>
        {hostBound
          ? `The host needs about ${formatSeconds(first.stepHostSeconds)} to launch each time step's kernels, more than the ${formatSeconds(first.stepSeconds)} the GPU spends on that step. In all, ${formatCount(report.kernels)} launches take ${formatSeconds(report.hostSeconds)} against ${formatSeconds(report.gpuSeconds)} of GPU work, so the GPU sits idle ${formatPercent(report.gpuIdleShare)} of the step, waiting for the next small kernel.`
          : `At this batch the GPU's work (${formatSeconds(report.gpuSeconds)}) outlasts the host's ${formatCount(report.kernels)} launches (${formatSeconds(report.hostSeconds)}), so the GPU does not wait for the host; it is still busy with one small step at a time.`}
      </p>
      <p className="np-hint">
        The model runs two kernels per time step. On a real GPU <code>nn.LSTM</code> calls cuDNN,
        which computes the input products of all time steps as one large product and fuses the gate
        arithmetic; the recurrent product still waits for the step before it, so the loop stays
        serial. A larger batch gives each step more rows for the same weight reads.
      </p>
    </section>
  );
}
