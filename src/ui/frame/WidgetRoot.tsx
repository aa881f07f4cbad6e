import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { learningEvents } from '../../embed/learning-events';
import { ShareControl, type ShareEmbedOptions } from '../share/ShareControl';
import { useShareTools } from '../share/share-tools';
import { WidgetNotices } from '../share/WidgetNotices';
import { PlaceholderHeightContext } from './placeholder-height';
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

/** Who a widget is, as its declaration (`widgets/<name>/widget.ts`) says once. */
export interface WidgetFace {
  /** Widget id, written to `data-widget` (e.g. `race`). */
  id: string;
  /** Accessible name of the widget region, also its embed's title. */
  label: string;
  /** Visible title, in the header beside the Share control. */
  title?: string;
  /** Class of its root element, beside `widget`: the prefix its stylesheet uses. */
  className?: string;
}

/** Props of a widget's root element. */
export interface WidgetRootProps {
  /** The widget's declaration: its id, name, title and root class. */
  widget: WidgetFace;
  status: WidgetStatus;
  /** A title worked out at run time, in place of the declared one. */
  title?: string;
  /** The widget's settings: gives it a Share control, its notices and its anchor. */
  settings?: FrameSettings;
  /**
   * One line on the outcome of the last run ("GPU 3.1x faster than 8 CPU workers"), published
   * as a `widget-run` learning event when a run finishes; the label stands in when absent.
   */
  runSummary?: string;
  children: ReactNode;
}

/**
 * The root element of every widget: a labelled region carrying `data-widget` and `data-status`,
 * which tests and embedding pages read to follow the widget's state; with settings, also the
 * anchor its share link lands on, the settings notices, and a header with the Share menu (where
 * Share menus are on offer: see ShareToolsContext).
 * Each finished run (status 'running' → 'done') is published as a `widget-run` learning event.
 */
export function WidgetRoot({
  widget,
  status,
  title,
  settings,
  runSummary,
  children,
}: WidgetRootProps) {
  const { id, label, className } = widget;
  const heading = title ?? widget.title;
  usePublishRuns(id, label, status, runSummary);
  const rootRef = useRef<HTMLElement>(null);
  const placeholderHeightPx = useContext(PlaceholderHeightContext);
  const share = useShareTools() && settings !== undefined;
  const embed: ShareEmbedOptions | undefined = settings && {
    path: `/embed/${id}`,
    title: `${label} · GPU Lab`,
    defaultHeightPx: () => placeholderHeightPx ?? measuredHeightPx(rootRef.current),
    widget: { widgetId: id, prefix: settings.anchorId.replace(/^widget-/, '') },
  };
  return (
    <section
      ref={rootRef}
      id={settings?.anchorId}
      className={`widget${className ? ` ${className}` : ''}`}
      data-widget={id}
      data-status={status}
      aria-label={label}
      aria-busy={status === 'running'}
    >
      {(heading || share) && (
        <header className="widget-header">
          {heading ? <h3 className="widget-title">{heading}</h3> : <span />}
          {share && <ShareControl getUrl={settings.shareUrl} widgetLabel={label} embed={embed} />}
        </header>
      )}
      {settings && <WidgetNotices notices={settings.notices} onDismiss={settings.dismissNotices} />}
      {children}
    </section>
  );
}

/** Publishes a `widget-run` event each time the status goes from 'running' to 'done'. */
function usePublishRuns(id: string, label: string, status: WidgetStatus, summary?: string) {
  const previous = useRef(status);
  const latestSummary = useRef(summary);
  latestSummary.current = summary;
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was !== 'running' || status !== 'done') return;
    learningEvents.publish({
      kind: 'widget-run',
      widgetId: id,
      widgetLabel: label,
      summary: latestSummary.current ?? label,
    });
  }, [id, label, status]);
}

/** Height to offer for an iframe of a widget that reserved none: its rendered height. */
function measuredHeightPx(root: HTMLElement | null): number {
  const rendered = root ? Math.ceil(root.getBoundingClientRect().height) : 0;
  return rendered > 0 ? rendered + 40 : 600;
}
