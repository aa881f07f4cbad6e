import { useId } from 'react';
import { getLink, type GpuId, type LinkId } from '../../engine/catalog';
import { GpuPicker } from '../../ui/GpuPicker';
import { SelectSetting } from '../../ui/field';
import { choosableLinks } from './bandwidth-model';
import { transferSchema } from './settings';
import '../../ui/field.css';

/** Props of the switches. */
export interface TransferSwitchesProps {
  gpu: GpuId;
  link: LinkId;
  /** The chosen GPU's own link, marked in the list. */
  gpuLink: LinkId;
  pinned: boolean;
  nonBlocking: boolean;
  busy: boolean;
  onGpu(gpu: GpuId): void;
  onLink(link: LinkId): void;
  onPinned(pinned: boolean): void;
  onNonBlocking(nonBlocking: boolean): void;
}

/** The simulator's switches: GPU, link generation, pinned or pageable host memory, non_blocking. */
export function TransferSwitches(props: TransferSwitchesProps) {
  const id = useId();
  return (
    <fieldset className="transfer-switches">
      <legend className="visually-hidden">Transfer settings</legend>
      <GpuPicker
        field={transferSchema.fields.gpu}
        value={props.gpu}
        onChange={props.onGpu}
        disabled={props.busy}
        labelSuffix="(transfer simulator)"
      />
      <SelectSetting
        field={transferSchema.fields.link}
        as="span"
        className="switch"
        id={`${id}-link`}
        value={props.link}
        onValue={(link) => props.onLink(link as LinkId)}
        options={choosableLinks().map((l) => ({
          value: l,
          text: `${getLink(l).name}${l === props.gpuLink ? ' (this GPU’s)' : ''}`,
        }))}
      />
      <span className="switch" role="radiogroup" aria-label="Host memory">
        <span className="switch-label" aria-hidden="true">
          Host memory
        </span>
        <label>
          <input
            type="radio"
            name={`${id}-memory`}
            checked={!props.pinned}
            onChange={() => props.onPinned(false)}
          />{' '}
          pageable
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-memory`}
            checked={props.pinned}
            onChange={() => props.onPinned(true)}
          />{' '}
          pinned
        </label>
      </span>
      <span className="switch">
        <label>
          <input
            type="checkbox"
            checked={props.nonBlocking}
            onChange={(e) => props.onNonBlocking(e.target.checked)}
          />{' '}
          <code>non_blocking=True</code>
        </label>
      </span>
    </fieldset>
  );
}
