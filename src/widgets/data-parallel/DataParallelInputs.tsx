import { getGpu, INTERCONNECTS } from '../../engine/catalog';
import { NETWORK_PRECISIONS, peerLinksOf, SHARDING_STRATEGIES } from '../../engine/models';
import type { SettingsPatch } from '../../state/useWidgetState';
import { GpuPicker } from '../../ui/GpuPicker';
import { CountInput, NetworkSelect, PrecisionSelect } from '../../ui/step-fields';
import {
  MAX_BATCH,
  MAX_GPUS_PER_NODE,
  MAX_NODES,
  NETWORK_LINKS,
  precisionProblem,
  STRATEGY_NAMES,
  type DataParallelSettings,
} from './settings';
import '../../ui/inputs.css';

/** Props of the simulator's inputs. */
export interface DataParallelInputsProps {
  settings: DataParallelSettings;
  set(patch: SettingsPatch<DataParallelSettings>): void;
  idBase: string;
}

/**
 * The cluster's inputs: network, GPU, GPUs per node and nodes, the links, the per-GPU batch, the
 * precision and how DDP keeps the model state. Choosing a GPU keeps the link and precision to
 * ones it can use.
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
    <fieldset className="ui-inputs dp-inputs">
      <legend className="visually-hidden">The cluster and the training step</legend>
      <div className="ui-input dp-field">
        <NetworkSelect
          id={id('net')}
          value={settings.network}
          onChange={(network) => set({ network })}
        />
      </div>
      <div className="ui-input dp-field">
        <GpuPicker value={settings.gpu as never} onChange={chooseGpu} />
      </div>
      <div className="ui-input dp-field">
        <label htmlFor={id('gpus')}>GPUs per node</label>
        <CountInput
          id={id('gpus')}
          value={settings.gpusPerNode}
          min={1}
          max={MAX_GPUS_PER_NODE}
          onValue={(gpusPerNode) => set({ gpusPerNode })}
        />
      </div>
      <div className="ui-input dp-field">
        <label htmlFor={id('nodes')}>Nodes</label>
        <CountInput
          id={id('nodes')}
          value={settings.nodes}
          min={1}
          max={MAX_NODES}
          onValue={(nodes) => set({ nodes })}
        />
      </div>
      <div className="ui-input dp-field">
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
      <div className="ui-input dp-field">
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
      <div className="ui-input dp-field">
        <label htmlFor={id('batch')}>Batch per GPU</label>
        <CountInput
          id={id('batch')}
          value={settings.batch}
          min={1}
          max={MAX_BATCH}
          onValue={(batch) => set({ batch })}
        />
      </div>
      <div className="ui-input dp-field">
        <PrecisionSelect
          id={id('prec')}
          value={settings.precision}
          onChange={(precision) => set({ precision })}
          choices={precisions}
        />
      </div>
      <div className="ui-input dp-field">
        <label htmlFor={id('shard')}>Model state</label>
        <select
          id={id('shard')}
          className="ui-field"
          value={settings.sharding}
          aria-describedby={id('shard-hint')}
          onChange={(e) => set({ sharding: e.target.value })}
        >
          {SHARDING_STRATEGIES.map((s) => (
            <option key={s} value={s}>
              {STRATEGY_NAMES[s]}
            </option>
          ))}
        </select>
        <span id={id('shard-hint')} className="dp-hint">
          replicated on every GPU, or sharded
        </span>
      </div>
    </fieldset>
  );
}
