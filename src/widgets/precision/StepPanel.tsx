import { useId, useMemo } from 'react';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { getGpu, type GpuId } from '../../engine/catalog';
import { listZooNetworks, OPTIMIZER_IDS, type OptimizerId } from '../../engine/models';
import { formatBytesBinary, formatSeconds } from '../../format/units';
import { GpuPicker } from '../../ui/GpuPicker';
import { numberTextIn, useTypedNumber } from '../../ui/useTypedNumber';
import { compareSteps, PRECISION_CODE, takesSeq, type StepInputs } from './step-compare';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { FieldLabel, fieldLabel } from '../../ui/field';
import { precisionSchema } from './settings';
import '../../ui/data-table.css';
import './precision.css';
import './step-time.css';

/** Props of the step-time part. */
export interface StepPanelProps {
  inputs: StepInputs;
  onChange(patch: Partial<StepInputs>): void;
}

const { fields } = precisionSchema;

/** A whole-number field that keeps what is typed and reports only valid numbers. */
function WholeNumber(props: {
  label: string;
  value: number;
  max: number;
  onValue(n: number): void;
}) {
  const field = useTypedNumber({
    value: props.value,
    valid: numberTextIn(1, props.max),
    onValue: props.onValue,
  });
  const { id, ok } = field;
  return (
    <span className="precision-field">
      <label htmlFor={id}>{props.label}</label>
      <input {...field.inputProps} aria-describedby={ok ? undefined : `${id}-error`} />
      {ok ? null : (
        <span id={`${id}-error`} className="precision-input-error">
          {`A whole number from 1 to ${props.max.toLocaleString('en-US')}.`}
        </span>
      )}
    </span>
  );
}

/**
 * A network's training step on a catalog GPU in fp32, tf32, AMP fp16 and AMP bf16, as the cost
 * engine models it: seconds per step, peak memory and whether it fits, or the engine's reason
 * when the GPU lacks a precision.
 */
export function StepPanel({ inputs, onChange }: StepPanelProps) {
  const id = useId();
  const columns = useMemo(() => compareSteps(inputs), [inputs]);
  const gpu = getGpu(inputs.gpu);
  const seq = takesSeq(inputs.model);
  return (
    <div className="precision-step">
      <fieldset className="precision-step-inputs">
        <legend className="visually-hidden">The modeled training step</legend>
        <span className="precision-field">
          <FieldLabel field={fields.model} htmlFor={`${id}-model`} />
          <select
            id={`${id}-model`}
            className="ui-field"
            value={inputs.model}
            onChange={(e) => onChange({ model: e.target.value })}
          >
            {listZooNetworks().map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
        </span>
        <GpuPicker
          field={fields.gpu}
          value={inputs.gpu as GpuId}
          onChange={(g) => onChange({ gpu: g })}
          labelSuffix="(step time)"
        />
        <WholeNumber
          label={fieldLabel(fields.batch)}
          value={inputs.batch}
          max={fields.batch.max}
          onValue={(batch) => onChange({ batch })}
        />
        {seq ? (
          <WholeNumber
            label={fieldLabel(fields.seq)}
            value={inputs.seq}
            max={fields.seq.max}
            onValue={(s) => onChange({ seq: s })}
          />
        ) : null}
        <span className="precision-field">
          <FieldLabel field={fields.optimizer} htmlFor={`${id}-opt`} />
          <select
            id={`${id}-opt`}
            className="ui-field"
            value={inputs.optimizer}
            onChange={(e) => onChange({ optimizer: e.target.value as OptimizerId })}
          >
            {OPTIMIZER_IDS.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </span>
      </fieldset>
      <ScrollRegion className="precision-scroll" label="Modeled step per precision">
        <table className="ui-data-table precision-table precision-step-table" data-step-table>
          <caption>
            <span className="tag-modeled">modeled</span>{' '}
            {`One training step on the ${gpu.name}, from the cost engine`}
          </caption>
          <ColumnHeads
            names={['Precision', 'Seconds per step', 'Speed-up over fp32', 'Peak memory', 'Fits']}
          />
          <tbody>
            {columns.map((c) => (
              <tr key={c.precision} data-precision={c.precision} data-ok={String(c.ok)}>
                <th scope="row">
                  {c.precision}
                  <span className="precision-step-code">{PRECISION_CODE[c.precision]}</span>
                </th>
                {c.ok ? (
                  <>
                    <td data-seconds={c.seconds}>{formatSeconds(c.seconds)}</td>
                    <td>{c.speedupOverFp32 === null ? '—' : `${c.speedupOverFp32.toFixed(2)}×`}</td>
                    <td>{formatBytesBinary(c.bytes)}</td>
                    <td>
                      {c.fits ? 'yes' : 'no'}
                      <span className="precision-step-code">
                        {`largest batch that fits: ${c.largestBatch.toLocaleString('en-US')}`}
                      </span>
                    </td>
                  </>
                ) : (
                  <td colSpan={4} className="precision-step-reason" data-reason>
                    {`Not available: ${c.reason}`}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="precision-note">
        Modeled, not measured: each layer&apos;s kernels as rooflines with the engine&apos;s
        calibrated in-network shares. AMP keeps fp32 master weights, gradients and optimizer state
        and adds a 16-bit copy of each matmul weight, so it saves most on activations. A step that
        does not fit still gets its time: what it would take with the memory.
      </p>
    </div>
  );
}
