import { useId, useMemo, useState } from 'react';
import { ColumnHeads } from '../../../ui/ColumnHeads';
import '../../../ui/field.css';
import type { TraceReport } from '../analysis/report';
import { EXAMPLE_REQUEST, type PredictionState } from '../controller';
import type { PredictRequest, TraceEngine } from '../engine-port';
import { comparisonRows } from './comparison';

/** Props of the prediction panel. */
export interface PredictionPanelProps {
  report: TraceReport;
  prediction: PredictionState;
  onOpen(): void;
}

const PRECISIONS: PredictRequest['precision'][] = ['fp32', 'tf32', 'amp-fp16', 'amp-bf16'];

/** The engine's prediction of the same step, beside the trace: opened on demand. */
export function PredictionPanel({ report, prediction, onOpen }: PredictionPanelProps) {
  if (prediction.phase !== 'ready' || !prediction.engine) {
    return (
      <div className="trace-predict">
        <button type="button" onClick={onOpen} disabled={prediction.phase === 'loading'}>
          {prediction.phase === 'loading'
            ? 'Loading the cost engine…'
            : 'Compare with the cost engine'}
        </button>
        {prediction.error && <p role="alert">The engine could not load: {prediction.error}</p>}
      </div>
    );
  }
  return <Comparison report={report} engine={prediction.engine} />;
}

function Comparison({ report, engine }: { report: TraceReport; engine: TraceEngine }) {
  const [request, setRequest] = useState<PredictRequest>(EXAMPLE_REQUEST);
  const id = useId();
  const set = (patch: Partial<PredictRequest>) => setRequest((r) => ({ ...r, ...patch }));
  const answer = useMemo(() => engine.predict(request), [engine, request]);
  const whole = (v: string, fallback: number) => {
    const n = Math.round(Number(v));
    return Number.isFinite(n) && n >= 1 ? Math.min(n, 65_536) : fallback;
  };
  return (
    <section className="trace-predict" aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`}>The cost engine’s prediction of the same step (modeled)</h4>
      <div className="trace-predict-fields">
        <label>
          Network
          <select
            className="ui-field"
            value={request.network}
            onChange={(e) => set({ network: e.target.value })}
          >
            {engine.networks.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          GPU
          <select
            className="ui-field"
            value={request.gpu}
            onChange={(e) => set({ gpu: e.target.value })}
          >
            {engine.gpus.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Step
          <select
            className="ui-field"
            value={request.mode}
            onChange={(e) => set({ mode: e.target.value === 'inference' ? 'inference' : 'train' })}
          >
            <option value="train">training (AdamW)</option>
            <option value="inference">inference</option>
          </select>
        </label>
        <label>
          Precision
          <select
            className="ui-field"
            value={request.precision}
            onChange={(e) =>
              set({ precision: PRECISIONS.find((p) => p === e.target.value) ?? 'fp32' })
            }
          >
            {PRECISIONS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label>
          Batch
          <input
            className="ui-field"
            type="number"
            min={1}
            value={request.batch}
            onChange={(e) => set({ batch: whole(e.target.value, request.batch) })}
          />
        </label>
        <label>
          Sequence
          <input
            className="ui-field"
            type="number"
            min={1}
            value={request.seq}
            onChange={(e) => set({ seq: whole(e.target.value, request.seq) })}
          />
        </label>
      </div>
      {answer.ok ? (
        <table className="ui-data-table trace-table" data-testid="comparison-table">
          <caption>
            Predicted (modeled, eager PyTorch) against traced (measured, mean per step)
          </caption>
          <ColumnHeads names={['Per step', 'Predicted', 'Traced', 'Ratio']} />
          <tbody>
            {comparisonRows(report, answer.step).map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td>{r.predicted}</td>
                <td>{r.traced}</td>
                <td>{r.ratio}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="trace-note" role="status">
          The engine cannot predict this: {answer.reason}
        </p>
      )}
    </section>
  );
}
