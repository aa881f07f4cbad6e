import { describeSize, LAB_KERNELS } from '../../gpu';
import type { MeasuredDevice } from '../../engine/models';
import { formatSeconds } from '../../format/units';
import { medianAbsoluteError, type PredictionRow } from './prediction-record';
import {
  BOUND_PHRASE,
  deviceModelNote,
  formatSignedError,
  medianSentence,
} from './prediction-text';
import { ScrollRegion } from '../../ui/ScrollRegion';

/** Props of the prediction record. */
export interface PredictionRecordProps {
  rows: PredictionRow[];
  /** The model the next run is predicted with; null before the roofs are measured. */
  device: MeasuredDevice | null;
  onClear(): void;
}

/**
 * The prediction record: every run of this page session predicted by the model of this device
 * before it started, beside its measured median and the signed error, with the median |error|.
 */
export function PredictionRecord({ rows, device, onClear }: PredictionRecordProps) {
  if (!device && rows.length === 0) return null;
  const withError = rows.filter((r) => r.error !== null).length;
  return (
    <section className="kl-record" aria-label="Prediction record" data-record>
      <h4 className="kl-record__title">Prediction record</h4>
      {device && (
        <p className="kl-record__device" data-device-model data-software={String(device.software)}>
          {deviceModelNote(device)}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="kl-table-note">
          Every run from now on is predicted for this device before it starts, then measured; each
          lands here.
        </p>
      ) : (
        <>
          <p className="kl-table-note">
            Predicted: the cost model of this device, made before the run. Measured: the median run
            on this device. Error = (predicted − measured) / measured: negative when the kernel took
            longer than predicted.
          </p>
          <ScrollRegion className="table-scroll kl-results" label="Prediction record table">
            <table>
              <caption className="visually-hidden">
                Each run of this session: the prediction of the model of this device, the measured
                time, and the error
              </caption>
              <thead>
                <tr>
                  <th scope="col">Run</th>
                  <th scope="col">Kernel</th>
                  <th scope="col">Size</th>
                  <th scope="col" className="kl-modeled-head">
                    <span className="tag-modeled">modeled</span> Predicted
                  </th>
                  <th scope="col" className="kl-measured-head">
                    <span className="tag-measured">measured</span> Measured
                  </th>
                  <th scope="col">Error</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.run} data-record-row={r.kernel}>
                    <td className="num">{r.run}</td>
                    <th scope="row">{LAB_KERNELS[r.kernel].label}</th>
                    <td>
                      {describeSize(r.kernel, r.size)}
                      {r.resized ? ' (reduced to fit)' : ''}
                    </td>
                    <td className="num" data-predicted-seconds={r.predictedSeconds}>
                      {formatSeconds(r.predictedSeconds)}{' '}
                      <span className="kl-spread">{BOUND_PHRASE[r.bound]}</span>
                    </td>
                    <td className="num" data-measured-seconds={r.measuredSeconds ?? ''}>
                      {r.measuredSeconds === null
                        ? 'not shown (check failed)'
                        : formatSeconds(r.measuredSeconds)}
                    </td>
                    <td className="num" data-error={r.error ?? ''}>
                      {formatSignedError(r.error)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p className="kl-record__median" data-median>
            {medianSentence(medianAbsoluteError(rows), withError)}
          </p>
          <button type="button" onClick={onClear} data-action="clear-record">
            Clear the record
          </button>
        </>
      )}
    </section>
  );
}
