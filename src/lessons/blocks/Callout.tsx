import { useEffect, type ReactNode } from 'react';
import { CALLOUT_KINDS, type CalloutKind } from '../component-names';
import { Icon, type IconName } from './Icon';
import './callout.css';

/** Props of a callout: its kind, an optional title, and the body. */
export interface CalloutProps {
  kind: CalloutKind;
  title?: string;
  children?: ReactNode;
}

const LOOK: Record<CalloutKind, { label: string; icon: IconName }> = {
  'best-practice': { label: 'Best practice', icon: 'check' },
  'common-error': { label: 'Common error', icon: 'cross' },
  pitfall: { label: 'Pitfall', icon: 'warning' },
  note: { label: 'Note', icon: 'info' },
};

/** Whether a value is one of the callout kinds. */
export function isCalloutKind(value: unknown): value is CalloutKind {
  return typeof value === 'string' && (CALLOUT_KINDS as readonly string[]).includes(value);
}

/**
 * A boxed aside that stands out from the prose: best practice, common error, pitfall or note,
 * each with its own visible label, icon and colours. An unknown kind is shown as a note.
 */
export function Callout({ kind, title, children }: CalloutProps) {
  const known = isCalloutKind(kind);
  const shown: CalloutKind = known ? kind : 'note';
  const { label, icon } = LOOK[shown];

  useEffect(() => {
    if (!known && import.meta.env.DEV) {
      console.warn(`<Callout kind="${String(kind)}"> is unknown; shown as a note.`);
    }
  }, [known, kind]);

  return (
    <aside className={`callout callout-${shown}`} role="note" data-kind={shown}>
      <p className="callout-head">
        <Icon name={icon} />
        <span className="callout-label">
          {label}
          {title ? ':' : ''}
        </span>
        {title ? <span className="callout-title"> {title}</span> : null}
      </p>
      <div className="callout-body">{children}</div>
    </aside>
  );
}
