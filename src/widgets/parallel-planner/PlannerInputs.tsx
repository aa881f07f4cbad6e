import { getGpu, INTERCONNECTS, type GpuId, type InterconnectId } from '../../engine/catalog';
import { peerLinksOf, SERVING_MODELS, TRAINING_PRECISIONS } from '../../engine/models';
import { formatCount } from '../../format/units';
import type { SettingsPatch } from '../../state/useWidgetState';
import { CheckSetting, NumberSetting, SelectSetting, settingBinder } from '../../ui/field';
import { GpuPicker } from '../../ui/GpuPicker';
import { dataParallelOf } from './analysis';
import {
  CHECKPOINTING_NAMES,
  CUSTOM_MODEL,
  hasFp8,
  NETWORK_LINKS,
  parallelPlannerSchema,
  PRECISION_NAMES,
  PRINT_MODEL,
  SCHEDULE_NAMES,
  SHARDING_NAMES,
  type PlannerSettings,
} from './settings';
import '../../ui/inputs.css';

/** Props of the planner's inputs. */
export interface PlannerInputsProps {
  settings: PlannerSettings;
  set(patch: SettingsPatch<PlannerSettings>): void;
  idBase: string;
}

/** The wrapper of each input. */
const FIELD = 'ui-input pp-field';

/** Each model choice as the picker shows it. */
export function modelChoiceName(value: string): string {
  if (value === CUSTOM_MODEL) return 'Your decoder spec';
  if (value === PRINT_MODEL) return 'Your print(model)';
  return SERVING_MODELS.find((m) => m.id === value)?.name ?? value;
}

/** Links as a picker offers them, by name. */
const linkOptions = (links: readonly InterconnectId[]) =>
  links.map((link) => ({ value: link, text: INTERCONNECTS[link].name }));

/**
 * The model and the cluster, each input reading its schema field: the model, the GPU, GPUs in
 * all and per node, the links, the sequence length, the global batch, the precision and the
 * pipeline schedule. Choosing a GPU keeps the link and precision to ones it can use.
 */
export function ClusterInputs({ settings, set, idBase }: PlannerInputsProps) {
  const { fields } = parallelPlannerSchema;
  const bind = settingBinder({ fields, settings, set, idBase, className: FIELD });
  const chooseGpu = (gpu: GpuId) => {
    const usable = peerLinksOf(getGpu(gpu));
    const link = usable.includes(settings.link as InterconnectId) ? settings.link : usable[0];
    const precision = settings.precision === 'fp8' && !hasFp8(gpu) ? 'bf16' : settings.precision;
    set({ gpu, precision, ...(link ? { link } : {}) });
  };
  const oneNode = settings.gpus <= settings.gpusPerNode;
  const fp8 = hasFp8(settings.gpu);
  return (
    <fieldset className="ui-inputs pp-inputs">
      <legend className="pp-legend">The model and the cluster</legend>
      <SelectSetting {...bind('model')} text={modelChoiceName} />
      <div className={FIELD}>
        <GpuPicker field={fields.gpu} value={settings.gpu} onChange={chooseGpu} />
      </div>
      <NumberSetting {...bind('gpus')} entry="check" keeper="the planner" />
      <NumberSetting {...bind('gpusPerNode')} entry="check" keeper="the planner" />
      <SelectSetting {...bind('link')} options={linkOptions(peerLinksOf(getGpu(settings.gpu)))} />
      <SelectSetting
        {...bind('nodeLink')}
        disabled={oneNode}
        {...(oneNode ? { hint: 'used from 2 nodes' } : {})}
        options={linkOptions(NETWORK_LINKS)}
      />
      <NumberSetting {...bind('seq')} entry="check" keeper="the planner" />
      <NumberSetting {...bind('globalBatch')} entry="check" keeper="the planner" />
      <SelectSetting
        {...bind('precision')}
        options={TRAINING_PRECISIONS.filter((p) => p !== 'fp8' || fp8).map((p) => ({
          value: p,
          text: PRECISION_NAMES[p],
        }))}
      />
      <SelectSetting {...bind('schedule')} text={(s) => SCHEDULE_NAMES[s]} />
    </fieldset>
  );
}

/** The decoder spec's fields, shown when the model is the learner's spec. */
export function SpecInputs({ settings, set, idBase }: PlannerInputsProps) {
  const { fields } = parallelPlannerSchema;
  const bind = settingBinder({ fields, settings, set, idBase, className: FIELD });
  return (
    <fieldset className="ui-inputs pp-inputs pp-spec" data-spec-inputs>
      <legend className="pp-legend">Your decoder (head size is hidden ÷ heads)</legend>
      <NumberSetting {...bind('layers')} entry="check" keeper="the planner" />
      <NumberSetting {...bind('hidden')} entry="check" keeper="the planner" />
      <NumberSetting {...bind('heads')} entry="check" keeper="the planner" />
      <NumberSetting {...bind('kvHeads')} entry="check" keeper="the planner" />
      <NumberSetting {...bind('ffn')} entry="check" keeper="the planner" />
      <NumberSetting {...bind('vocab')} entry="check" keeper="the planner" />
      <div className="pp-checks">
        <CheckSetting
          field={fields.gated}
          id={`${idBase}-gated`}
          value={settings.gated}
          onValue={(gated) => set({ gated })}
        />
        <CheckSetting
          field={fields.tiedEmbeddings}
          id={`${idBase}-tied`}
          value={settings.tiedEmbeddings}
          onValue={(tiedEmbeddings) => set({ tiedEmbeddings })}
        />
      </div>
    </fieldset>
  );
}

/**
 * The chosen layout: how data parallel keeps the model state, the tensor, context and pipeline
 * degrees, the micro-batch and checkpointing; data parallel and gradient accumulation follow,
 * and are said beneath.
 */
export function LayoutInputs({ settings, set, idBase }: PlannerInputsProps) {
  const { fields } = parallelPlannerSchema;
  const bind = settingBinder({ fields, settings, set, idBase, className: FIELD });
  const dp = dataParallelOf(settings);
  const perStep = dp === null ? null : settings.globalBatch / (dp * settings.microBatch);
  return (
    <fieldset className="ui-inputs pp-inputs pp-layout" data-layout-inputs>
      <legend className="pp-legend">Your layout</legend>
      <SelectSetting {...bind('sharding')} text={(s) => SHARDING_NAMES[s]} />
      <NumberSetting {...bind('tensorParallel')} entry="check" keeper="the planner" />
      <NumberSetting {...bind('contextParallel')} entry="check" keeper="the planner" />
      <NumberSetting {...bind('pipelineParallel')} entry="check" keeper="the planner" />
      <NumberSetting {...bind('microBatch')} entry="check" keeper="the planner" />
      <SelectSetting {...bind('checkpointing')} text={(c) => CHECKPOINTING_NAMES[c]} />
      <p className="pp-derived" data-derived>
        {dp === null
          ? 'Data parallel: the degrees do not divide the GPUs.'
          : `Data parallel (DP): ${formatCount(dp)} ${dp === 1 ? 'copy' : 'copies'} of the layout. ` +
            (perStep !== null && Number.isInteger(perStep)
              ? `Gradient accumulation: ${formatCount(perStep)} micro-batch${perStep === 1 ? '' : 'es'} per step on each copy.`
              : 'Gradient accumulation: the global batch does not split evenly.')}
      </p>
    </fieldset>
  );
}
