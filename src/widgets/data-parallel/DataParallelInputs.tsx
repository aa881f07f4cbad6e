import { getGpu, INTERCONNECTS, type GpuId } from '../../engine/catalog';
import { NETWORK_PRECISIONS, peerLinksOf } from '../../engine/models';
import { lackingPrecisions, precisionProblem } from '../../network-step';
import type { SettingsPatch } from '../../state/useWidgetState';
import { NumberSetting, SelectSetting, settingBinder } from '../../ui/field';
import { GpuPicker } from '../../ui/GpuPicker';
import { NetworkSetting, PrecisionSetting } from '../../ui/step-fields';
import {
  dataParallelSchema,
  NETWORK_LINKS,
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

/** The wrapper of each input. */
const FIELD = 'ui-input dp-field';

/** Links as a picker offers them, by name. */
const linkOptions = (links: readonly (keyof typeof INTERCONNECTS)[]) =>
  links.map((link) => ({ value: link, text: INTERCONNECTS[link].name }));

/**
 * The cluster's inputs, each reading its schema field: network, GPU, GPUs per node and nodes,
 * the links, the per-GPU batch, the precision and how DDP keeps the model state. Choosing a GPU
 * keeps the link and precision to ones it can use.
 */
export function DataParallelInputs({ settings, set, idBase }: DataParallelInputsProps) {
  const { fields } = dataParallelSchema;
  const bind = settingBinder({ fields, settings, set, idBase, className: FIELD });
  const lacking = lackingPrecisions((p) => precisionProblem(settings.gpu, p));
  const precisions = NETWORK_PRECISIONS.filter((p) => !lacking.includes(p));
  const chooseGpu = (gpu: GpuId) => {
    const usable = peerLinksOf(getGpu(gpu));
    const link = usable.includes(settings.link as never) ? settings.link : usable[0];
    const precision =
      precisionProblem(gpu, settings.precision) === null
        ? settings.precision
        : NETWORK_PRECISIONS.find((p) => precisionProblem(gpu, p) === null);
    set({ gpu, ...(link ? { link } : {}), ...(precision ? { precision } : {}) });
  };
  const oneNode = settings.nodes === 1;
  return (
    <fieldset className="ui-inputs dp-inputs">
      <legend className="visually-hidden">The cluster and the training step</legend>
      <NetworkSetting {...bind('network')} />
      <div className={FIELD}>
        <GpuPicker field={fields.gpu} value={settings.gpu} onChange={chooseGpu} />
      </div>
      <NumberSetting {...bind('gpusPerNode')} />
      <NumberSetting {...bind('nodes')} />
      <SelectSetting {...bind('link')} options={linkOptions(peerLinksOf(getGpu(settings.gpu)))} />
      <SelectSetting
        {...bind('nodeLink')}
        disabled={oneNode}
        {...(oneNode ? { hint: 'used from 2 nodes' } : {})}
        options={linkOptions(NETWORK_LINKS)}
      />
      <NumberSetting {...bind('batch')} />
      <PrecisionSetting {...bind('precision')} choices={precisions} />
      <SelectSetting {...bind('sharding')} text={(s) => STRATEGY_NAMES[s]} />
    </fieldset>
  );
}
