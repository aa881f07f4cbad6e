import type { ReactNode } from 'react';

/** One preset: what its button says, its note, and what picking it does. */
export interface Preset {
  key: string;
  label: ReactNode;
  /** A note shown on hover (the values the preset sets). */
  title?: string;
  /** Whether the settings now are this preset's; leave it out where a preset is an action only. */
  pressed?: boolean;
  onPick(): void;
}

/** Props of a row of preset buttons. */
export interface PresetButtonsProps {
  /** The widget's class for the row. */
  className: string;
  /** The group's name, as a screen reader says it. */
  label: string;
  /** Words before the buttons ("Shapes:"), if any. */
  lead?: string;
  /** Every button off (while a run is going). */
  disabled?: boolean;
  presets: readonly Preset[];
}

/** A named group of buttons, each of which sets the widget to one preset. */
export function PresetButtons({ className, label, lead, disabled, presets }: PresetButtonsProps) {
  return (
    <div className={className} role="group" aria-label={label}>
      {lead ? <span>{lead}</span> : null}
      {presets.map((p) => (
        <button
          key={p.key}
          type="button"
          aria-pressed={p.pressed}
          disabled={disabled}
          title={p.title}
          onClick={p.onPick}
        >
          {p.label}
        </button>
      ))}
    </div>
  );
}
