/**
 * The settings of a modeled network step as form controls, each reading its schema field (src/
 * network-step declares them once): the network (the zoo's, then the learner's own the field
 * allows), training or inference, the sequence (named for the network: time steps, cached
 * positions), the precision (marking those the GPU lacks) and the optimizer. The batch is a
 * plain NumberSetting. A widget keeps its own wrapper classes and layout.
 */
import type { InferencePhase, NetworkPrecision, OptimizerId } from '../engine/models';
import {
  maxSeqOf,
  networkName,
  OPTIMIZER_NAMES,
  PRECISION_NAMES,
  sequenceName,
  STEP_MODE_NAMES,
  STEP_MODES,
  zooNetworkOf,
  type StepMode,
} from '../network-step';
import { allowedValues, type EnumField, type IntegerField } from '../state/schema';
import { RadioSetting } from './field/ChoiceSettings';
import { NumberSetting, type NumberSettingProps } from './field/NumberSetting';
import { SelectSetting } from './field/SelectSetting';

/** What the step's pickers take. */
interface StepSelectProps<V extends string> {
  field: EnumField<V>;
  value: string;
  onValue(value: V): void;
  id?: string;
  /** The wrapper's classes (`ui-input` and the widget's own). */
  className?: string;
  as?: 'div' | 'span';
}

/** The network picker: every network the field allows, by name. */
export function NetworkSetting(props: StepSelectProps<string>) {
  return (
    <SelectSetting
      {...props}
      options={allowedValues(props.field).map((n) => ({ value: n, text: networkName(n) }))}
    />
  );
}

/** Props of the step-mode radios. */
export interface StepModeSettingProps {
  field: EnumField<StepMode>;
  /** The radio group's name, unique on the page. */
  id: string;
  value: string;
  onValue(mode: StepMode): void;
  className?: string;
  as?: 'div' | 'span';
}

/** Two radios, "Training step" and "Inference", in a group named by the field. */
export function StepModeSetting(props: StepModeSettingProps) {
  return (
    <RadioSetting
      {...props}
      options={STEP_MODES.map((m) => ({ value: m, text: STEP_MODE_NAMES[m] }))}
    />
  );
}

/** Props of the precision picker. */
export interface PrecisionSettingProps extends StepSelectProps<NetworkPrecision> {
  /** Precisions the chosen GPU lacks: still offered, marked, so the engine's reason can show. */
  lacking?: readonly NetworkPrecision[];
  /** Only these precisions (default: all the field allows). */
  choices?: readonly NetworkPrecision[];
  /** A note under the picker (what the GPU lacks). */
  hint?: string;
}

/** The precision picker, each precision the GPU lacks marked. */
export function PrecisionSetting({ lacking = [], choices, ...props }: PrecisionSettingProps) {
  const shown = choices ?? (allowedValues(props.field) as readonly NetworkPrecision[]);
  return (
    <SelectSetting
      {...props}
      options={shown.map((p) => ({
        value: p,
        text: `${PRECISION_NAMES[p]}${lacking.includes(p) ? ' (not on this GPU)' : ''}`,
      }))}
    />
  );
}

/** A precision's short name in a sentence: "TF32", "AMP bf16". */
export function precisionShortName(precision: NetworkPrecision): string {
  return PRECISION_NAMES[precision].split(' (')[0]!;
}

/** The optimizer picker. */
export function OptimizerSetting(props: StepSelectProps<OptimizerId>) {
  return <SelectSetting {...props} text={(o) => OPTIMIZER_NAMES[o]} />;
}

/** Props of the sequence field. */
export interface SequenceSettingProps extends Omit<NumberSettingProps, 'field' | 'label' | 'max'> {
  field: IntegerField;
  /** The network the sequence belongs to (a zoo id with a sequence). */
  network: string;
  /** The inference phase the step runs (decoding counts cached positions). */
  phase?: InferencePhase;
  /** The note under the field, given the longest sequence the network takes. */
  hintFor?(maxSeq: number): string;
}

/**
 * The sequence of a network that takes one, named for it (time steps, cached positions, or the
 * field's own label), from 1 (0, the network's own, is the setting's value left alone) up to
 * the network's position table or the field's limit.
 */
export function SequenceSetting({ network, phase, hintFor, ...props }: SequenceSettingProps) {
  const zoo = zooNetworkOf(network);
  const maxSeq = maxSeqOf(network) ?? props.field.max;
  const name = zoo ? sequenceName(zoo, phase) : null;
  return (
    <NumberSetting
      {...props}
      {...(name ? { label: name } : {})}
      min={1}
      max={maxSeq}
      {...(hintFor ? { hint: hintFor(maxSeq) } : {})}
    />
  );
}
