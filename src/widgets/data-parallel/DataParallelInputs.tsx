import {
  getGpu,
  INTERCONNECTS,
  listZooNetworks,
  NETWORK_PRECISIONS,
  peerLinksOf,
  type NetworkPrecision,
} from '../../engine';
import type { SettingsPatch } from '../../state/useWidgetState';
import { GpuPicker } from '../../ui/GpuPicker';
import {
  MAX_BATCH,
  MAX_GPUS_PER_NODE,
  MAX_NODES,
  NETWORK_LINKS,
  precisionProblem,
  type DataParallelSettings,
} from './settings';

/** How each precision reads in the picker. */
const PRECISION_LABELS: Readonly<Record<NetworkPrecision, string>> = {
  fp32: 'fp32',
  tf32: 'TF32',
  'amp-fp16': 'AMP fp16 (autocast)',
  'amp-bf16': 'AMP bf16 (autocast)',
};

/** Props of the simulator's inputs. */
export interface DataParallelInputsProps {
  settings: DataParallelSettings;
  set(patch: SettingsPatch<DataParallelSettings>): void;
  idBase: string;
}

/** A number input that ignores a cleared box (the last value stays until a number is typed). */
function NumberInput(props: {
  id: string;
  value: number;
  min: number;
  max: number;
  onValue(text: string): void;
}) {
  return (
    <input
      id={props.id}
      className="ui-field"
      type="number"
      inputMode="numeric"
      min={props.min}
      max={props.max}
      value={props.value}
      onChange={(e) => {
        if (e.target.value.trim() !== '') props.onValue(e.target.value);
      }}
    />
  );
}

/**
 * The cluster's inputs: network, GPU, GPUs per node and nodes, the links, the per-GPU batch and
 * the precision. Choosing a GPU keeps the link and precision to ones it can use.
 */
export function DataParallelInputs({ settings, set, idBase }: DataParallelInputsProps) {
  const id = (name: string) => `${idBase}-${name}`;
  const links = peerLinksOf(getGpu(settings.gpu));
  const precisions = NETWORK_PRECISIONS.filter((p) => precisionProblem(settings.gpu, p) === null);
  const chooseGpu = (gpu: string) => {
    const usable = peerLinksOf(getGpu(gpu));
    const link = usable.includes(settings.link as never) ? settings.link : usable[0];
    const precision =
      precisionProblem(gpu, settings.precision) === null
        ? settings.precision
        : NETWORK_PRECISIONS.find((p) => precisionProblem(gpu, p) === null);
    set({ gpu, ...(link ? { link } : {}), ...(precision ? { precision } : {}) });
  };
  return (
    <fieldset className="dp-inputs">
      <legend className="visually-hidden">The cluster and the training step</legend>
      <div className="dp-field">
        <label htmlFor={id('net')}>Network</label>
        <select
          id={id('net')}
          className="ui-field"
          value={settings.network}
          onChange={(e) => set({ network: e.target.value })}
        >
          {listZooNetworks().map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </select>
      </div>
      <div className="dp-field">
        <GpuPicker value={settings.gpu as never} onChange={chooseGpu} />
      </div>
      <div className="dp-field">
        <label htmlFor={id('gpus')}>GPUs per node</label>
        <NumberInput
          id={id('gpus')}
          value={settings.gpusPerNode}
          min={1}
          max={MAX_GPUS_PER_NODE}
          onValue={(gpusPerNode) => set({ gpusPerNode })}
        />
      </div>
      <div className="dp-field">
        <label htmlFor={id('nodes')}>Nodes</label>
        <NumberInput
          id={id('nodes')}
          value={settings.nodes}
          min={1}
          max={MAX_NODES}
          onValue={(nodes) => set({ nodes })}
        />
      </div>
      <div className="dp-field">
        <label htmlFor={id('link')}>Link inside a node</label>
        <select
          id={id('link')}
          className="ui-field"
          value={settings.link}
          onChange={(e) => set({ link: e.target.value })}
        >
          {links.map((l) => (
            <option key={l} value={l}>
              {INTERCONNECTS[l].name}
            </option>
          ))}
        </select>
      </div>
      <div className="dp-field">
        <label htmlFor={id('netlink')}>Link between nodes</label>
        <select
          id={id('netlink')}
          className="ui-field"
          value={settings.nodeLink}
          disabled={settings.nodes === 1}
          aria-describedby={settings.nodes === 1 ? id('netlink-hint') : undefined}
          onChange={(e) => set({ nodeLink: e.target.value })}
        >
          {NETWORK_LINKS.map((l) => (
            <option key={l} value={l}>
              {INTERCONNECTS[l].name}
            </option>
          ))}
        </select>
        {settings.nodes === 1 && (
          <span id={id('netlink-hint')} className="dp-hint">
            used from 2 nodes
          </span>
        )}
      </div>
      <div className="dp-field">
        <label htmlFor={id('batch')}>Batch per GPU</label>
        <NumberInput
          id={id('batch')}
          value={settings.batch}
          min={1}
          max={MAX_BATCH}
          onValue={(batch) => set({ batch })}
        />
      </div>
      <div className="dp-field">
        <label htmlFor={id('prec')}>Precision</label>
        <select
          id={id('prec')}
          className="ui-field"
          value={settings.precision}
          onChange={(e) => set({ precision: e.target.value })}
        >
          {precisions.map((p) => (
            <option key={p} value={p}>
              {PRECISION_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
