/**
 * The fields every engine-backed widget asks a network step with: the network, training or
 * inference, a whole number such as the batch, the precision (marking those the GPU lacks) and
 * the optimizer. Each renders its label and control; the widget keeps its own wrapper and layout.
 */
import type { ReactNode } from 'react';
import {
  listZooNetworks,
  NETWORK_PRECISIONS,
  OPTIMIZER_IDS,
  type NetworkPrecision,
  type OptimizerId,
} from '../engine/models';

/** How each precision reads in a picker. */
export const PRECISION_LABELS: Readonly<Record<NetworkPrecision, string>> = {
  fp32: 'fp32',
  tf32: 'TF32',
  'amp-fp16': 'AMP fp16 (autocast)',
  'amp-bf16': 'AMP bf16 (autocast)',
};

/** How each optimizer reads in a picker and in sentences. */
export const OPTIMIZER_LABELS: Readonly<Record<OptimizerId, string>> = {
  sgd: 'SGD with momentum',
  adam: 'Adam',
  adamw: 'AdamW',
};

/** Props of the network picker. */
export interface NetworkSelectProps {
  id: string;
  value: string;
  onChange(network: string): void;
  /** Options after the zoo's, such as the memory simulator's own layer list. */
  extraOptions?: ReactNode;
}

/** A labelled picker of the engine's zoo networks. */
export function NetworkSelect({ id, value, onChange, extraOptions }: NetworkSelectProps) {
  return (
    <>
      <label htmlFor={id}>Network</label>
      <select id={id} className="ui-field" value={value} onChange={(e) => onChange(e.target.value)}>
        {listZooNetworks().map((n) => (
          <option key={n.id} value={n.id}>
            {n.name}
          </option>
        ))}
        {extraOptions}
      </select>
    </>
  );
}

/** A training step or an inference pass. */
export type StepMode = 'train' | 'inference';

/** Props of the step-mode radios. */
export interface StepModeRadiosProps {
  /** The radio group's name, unique on the page. */
  name: string;
  value: string;
  onChange(mode: StepMode): void;
}

/** Two radios, "Training step" and "Inference"; the wrapper carries role="radiogroup". */
export function StepModeRadios({ name, value, onChange }: StepModeRadiosProps) {
  return (
    <>
      {(['train', 'inference'] as const).map((mode) => (
        <label key={mode}>
          <input
            type="radio"
            name={name}
            checked={value === mode}
            onChange={() => onChange(mode)}
          />{' '}
          {mode === 'train' ? 'Training step' : 'Inference'}
        </label>
      ))}
    </>
  );
}

/** Props of the precision picker. */
export interface PrecisionSelectProps {
  id: string;
  value: string;
  onChange(precision: string): void;
  /** Precisions the chosen GPU lacks: still offered, marked, so the engine's reason can show. */
  lacking?: readonly NetworkPrecision[];
  /** Only these precisions (default: all the engine's). */
  choices?: readonly NetworkPrecision[];
  /** A hint element's id that describes the picker. */
  describedBy?: string;
}

/** A labelled picker of the engine's precisions. */
export function PrecisionSelect(props: PrecisionSelectProps) {
  const { id, value, onChange, lacking = [], choices = NETWORK_PRECISIONS, describedBy } = props;
  return (
    <>
      <label htmlFor={id}>Precision</label>
      <select
        id={id}
        className="ui-field"
        aria-describedby={describedBy}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {choices.map((p) => (
          <option key={p} value={p}>
            {PRECISION_LABELS[p]}
            {lacking.includes(p) ? ' (not on this GPU)' : ''}
          </option>
        ))}
      </select>
    </>
  );
}

/** Props of the optimizer picker. */
export interface OptimizerSelectProps {
  id: string;
  value: string;
  onChange(optimizer: string): void;
}

/** A labelled picker of the engine's optimizers. */
export function OptimizerSelect({ id, value, onChange }: OptimizerSelectProps) {
  return (
    <>
      <label htmlFor={id}>Optimizer</label>
      <select id={id} className="ui-field" value={value} onChange={(e) => onChange(e.target.value)}>
        {OPTIMIZER_IDS.map((o) => (
          <option key={o} value={o}>
            {OPTIMIZER_LABELS[o]}
          </option>
        ))}
      </select>
    </>
  );
}

/** Props of a number input that keeps the last value while the box is cleared. */
export interface CountInputProps {
  id: string;
  value: number;
  min: number;
  max: number;
  /** The spinner's step (1 by default). */
  step?: number;
  /** The typed text, for the widget's schema to check and clamp. */
  onValue(text: string): void;
  describedBy?: string;
}

/** A whole-number input; a cleared box changes nothing until a number is typed. */
export function CountInput({ id, value, min, max, step, onValue, describedBy }: CountInputProps) {
  return (
    <input
      id={id}
      className="ui-field"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={step}
      value={value}
      aria-describedby={describedBy}
      onChange={(e) => {
        if (e.target.value.trim() !== '') onValue(e.target.value);
      }}
    />
  );
}
