import type { ReactNode } from 'react';
import { ShareControl } from '../share/ShareControl';
import { WidgetNotices } from '../share/WidgetNotices';
import type { WidgetStatus } from './status';

/** What the frame needs from a widget's settings (see state/useWidgetState). */
export interface FrameSettings {
  /** Element id the share link scrolls to (`widget-race`). */
  anchorId: string;
  /** The link with the current settings. */
  shareUrl(): string;
  /** What was clamped, replaced or ignored in the settings given. */
  notices: readonly string[];
  dismissNotices(): void;
}

/** Props of a widget's root element. */
export interface WidgetRootProps {
  /** Widget id, written to `data-widget` (e.g. `race`). */
  id: string;
  status: WidgetStatus;
  /** Accessible name of the widget region. */
  label: string;
  /** Visible title, in the header beside the Share control. */
  title?: string;
  /** The widget's settings: gives it a Share control, its notices and its anchor. */
  settings?: FrameSettings;
  className?: string;
  children: ReactNode;
}

/**
 * The root element of every widget: a labelled region carrying `data-widget` and `data-status`,
 * which tests and embedding pages read to follow the widget's state; with settings, also the
 * anchor its share link lands on, a header with the Share control, and the settings notices.
 */
export function WidgetRoot({
  id,
  status,
  label,
  title,
  settings,
  className,
  children,
}: WidgetRootProps) {
  return (
    <section
      id={settings?.anchorId}
      className={`widget${className ? ` ${className}` : ''}`}
      data-widget={id}
      data-status={status}
      aria-label={label}
      aria-busy={status === 'running'}
    >
      {(title || settings) && (
        <header className="widget-header">
          {title ? <h3 className="widget-title">{title}</h3> : <span />}
          {settings && <ShareControl getUrl={settings.shareUrl} widgetLabel={label} />}
        </header>
      )}
      {settings && <WidgetNotices notices={settings.notices} onDismiss={settings.dismissNotices} />}
      {children}
    </section>
  );
}
