/** What every setting control shares: its props, its wrapper's class, and its hint and help. */
import type { ReactNode } from 'react';
import type { Field } from '../../state/schema';

/** What every setting control takes beside its value. */
export interface SettingBaseProps<F extends Field> {
  /** The schema field: label, limits, unit, scale, step and help come from it. */
  field: F;
  /** The control's id (its label's `for`); one of the page's own when left out. */
  id?: string;
  /** The wrapper's classes (`ui-input` unless given: a widget adds its own layout classes). */
  className?: string;
  /** The wrapper element: a block (`div`, the default) or an inline `span`. */
  as?: 'div' | 'span';
  /** The control's classes: `ui-field` (the page's colours) unless given; '' for none. */
  controlClassName?: string;
  /** A note under the control beyond the field's help: a limit the state sets now. */
  hint?: ReactNode;
  /**
   * The label in a case the schema names apart (time steps for a recurrent network), built from
   * words outside the view; the field's own label otherwise.
   */
  label?: string;
  disabled?: boolean;
}

/** The control's classes: the widget's, `ui-field` by default, none for ''. */
export function controlClass(className: string | undefined): string | undefined {
  return className === undefined ? 'ui-field' : className || undefined;
}

/** The wrapper's classes: the widget's, or `ui-input`. */
export function settingClass(className: string | undefined): string {
  return className ?? 'ui-input';
}

/**
 * The ids a control's aria-describedby names: its hint, its help and its error, where shown;
 * undefined when none is.
 */
export function describedBy(
  id: string,
  hint: ReactNode | undefined,
  help: string | null,
  error = false,
): string | undefined {
  const ids = [
    hint !== undefined ? `${id}-hint` : '',
    help !== null ? `${id}-help` : '',
    error ? `${id}-error` : '',
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The hint and the field's help under a control, each with the id the control points to. */
export function SettingHint(props: { id: string; hint?: ReactNode; help: string | null }) {
  const { id, hint, help } = props;
  return (
    <>
      {hint !== undefined && (
        <span id={`${id}-hint`} className="ui-input-hint">
          {hint}
        </span>
      )}
      {help !== null && (
        <span id={`${id}-help`} className="ui-input-hint">
          {help}
        </span>
      )}
    </>
  );
}
