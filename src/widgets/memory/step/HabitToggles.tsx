import type { ReactNode } from 'react';
import type { LoopHabits } from './loop-code';

/** Props of the habit switches. */
export interface HabitTogglesProps {
  habits: LoopHabits;
  onChange(habits: LoopHabits): void;
  idBase: string;
}

/** Each switch: what it puts in the loop, and what it does to memory. */
const HABITS: ReadonlyArray<{ key: keyof LoopHabits; label: ReactNode; hint: string }> = [
  {
    key: 'keepLossTensors',
    label: (
      <>
        <code>losses.append(loss)</code> instead of <code>loss.item()</code>
      </>
    ),
    hint: 'Each kept loss is a small GPU tensor plus its graph in host memory; backward already freed the activations.',
  },
  {
    key: 'forgetZeroGrad',
    label: (
      <>
        Forget <code>optimizer.zero_grad()</code>
      </>
    ),
    hint: 'Gradients stay allocated through the next forward, and their values add up: wrong updates.',
  },
  {
    key: 'delOutputs',
    label: (
      <>
        <code>del out, loss</code> at the end of each iteration
      </>
    ),
    hint: 'Frees the last output before the next forward instead of after it.',
  },
  {
    key: 'emptyCache',
    label: (
      <>
        <code>torch.cuda.empty_cache()</code> after each step
      </>
    ),
    hint: 'Lowers reserved memory by whole free segments only; allocated memory does not change.',
  },
  {
    key: 'resetPeak',
    label: (
      <>
        <code>torch.cuda.reset_peak_memory_stats()</code> at the top of each iteration
      </>
    ),
    hint: 'max_memory_allocated() then reports each iteration’s own peak.',
  },
];

/** Checkboxes for the habits that change the loop and its memory. */
export function HabitToggles({ habits, onChange, idBase }: HabitTogglesProps) {
  return (
    <fieldset className="memstep-habits">
      <legend>Change the loop</legend>
      {HABITS.map(({ key, label, hint }) => (
        <div className="memstep-habit" key={key}>
          <input
            id={`${idBase}-${key}`}
            type="checkbox"
            checked={habits[key]}
            onChange={(e) => onChange({ ...habits, [key]: e.target.checked })}
            aria-describedby={`${idBase}-${key}-hint`}
          />
          <label htmlFor={`${idBase}-${key}`}>{label}</label>
          <span className="memstep-hint" id={`${idBase}-${key}-hint`}>
            {hint}
          </span>
        </div>
      ))}
    </fieldset>
  );
}
