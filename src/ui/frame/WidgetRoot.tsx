import type { ReactNode } from 'react';
import type { WidgetStatus } from './status';

/** Props of a widget's root element. */
export interface WidgetRootProps {
  /** Widget id, written to `data-widget` (e.g. `race`). */
  id: string;
  status: WidgetStatus;
  /** Accessible name of the widget region. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * The root element of every widget: a labelled region carrying `data-widget` and `data-status`,
 * which tests and embedding pages read to follow the widget's state.
 */
export function WidgetRoot({ id, status, label, className, children }: WidgetRootProps) {
  return (
    <section
      className={`widget${className ? ` ${className}` : ''}`}
      data-widget={id}
      data-status={status}
      aria-label={label}
      aria-busy={status === 'running'}
    >
      {children}
    </section>
  );
}
