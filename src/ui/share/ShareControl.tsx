import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { UrlPair } from '../../state/pairs';
import { CopyStatus, useCopy } from './useCopy';
import { embedPartsFromShareUrl, siteBaseOfLink } from './embed-snippet';
import { useShareTools } from './share-tools';
import './share.css';

// The embed panel (snippet building, its fields, the preview) loads on the first press of
// "Embed on another site", so a page of widgets and questions does not carry it in its first load.
const EmbedPanel = lazy(() => import('./EmbedPanel').then((m) => ({ default: m.EmbedPanel })));

/** Props of the Share menu. */
export interface ShareControlProps {
  /** Builds the link to share; called each time the menu opens. */
  getUrl(): string;
  /** What is shared, read by screen readers after "Share" (several share a page). */
  widgetLabel?: string;
  /** The link field's label. */
  linkLabel?: string;
  /** One line under the link: what it carries. */
  linkNote?: string;
  /** Offers embed code too. */
  embed?: ShareEmbedOptions;
}

/** What the Embed part of the menu needs to know. */
export interface ShareEmbedOptions {
  /** The embed route's path: `/embed/race`, `/embed/quiz/<id>`, `/embed/check/<slug>`. */
  path: string;
  /** The iframe's title ("CPU vs GPU race · GPU Lab"). */
  title: string;
  /** The height offered first, in CSS pixels; read when the embed part opens. */
  defaultHeightPx(): number;
  /**
   * For a widget: its id and its settings' URL prefix (`race`, `race-b`). The link's settings
   * pairs go into the embed, renamed from the prefix to the widget id.
   */
  widget?: { widgetId: string; prefix: string };
}

/** Status shown when the link was copied. */
export const COPY_DONE = 'Link copied';
/** Shown when neither the clipboard API nor the fallback could copy. */
export const COPY_FAILED = 'Copy failed: select the link and copy it yourself';

/** What the embed part is built from once it opens. */
interface EmbedOpen {
  siteBase: string;
  pairs: UrlPair[];
  heightPx: number;
}

/**
 * One small "Share" button that opens a panel below it (the button stays where it is): the link
 * in a read-only field, selected on open, with "Copy link" and its outcome in a live region, and
 * with `embed`, "Embed on another site", which opens the embed code (see EmbedPanel). Escape
 * anywhere in it closes it and returns focus to the button. Nothing at all where Share menus are
 * not on offer (inside an embed unless the host asked, on the knowledge check).
 */
export function ShareControl(props: ShareControlProps) {
  return useShareTools() ? <ShareMenu {...props} /> : null;
}

function ShareMenu({
  getUrl,
  widgetLabel,
  linkLabel = 'Link to these settings',
  linkNote = 'The link keeps the settings, not measurements: whoever opens it runs their own.',
  embed,
}: ShareControlProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [embedOpen, setEmbedOpen] = useState<EmbedOpen | null>(null);
  const { status, copy, clear } = useCopy(COPY_DONE, COPY_FAILED);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const fieldId = useId();
  const open = url !== null;
  const name = widgetLabel ? `Share ${widgetLabel}` : 'Share';

  useEffect(() => {
    if (!open) return;
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, [open]);

  const close = () => {
    setUrl(null);
    setEmbedOpen(null);
    clear();
    buttonRef.current?.focus();
  };

  const toggle = () => {
    if (open) close();
    else {
      clear();
      setUrl(getUrl());
    }
  };

  const copyLink = async () => {
    if (url !== null) await copy(url, fieldRef.current);
  };

  const toggleEmbed = () => {
    if (!embed || url === null) return;
    if (embedOpen) {
      setEmbedOpen(null);
      return;
    }
    const parts = embed.widget
      ? embedPartsFromShareUrl(url, embed.widget.prefix, embed.widget.widgetId)
      : { siteBase: siteBaseOfLink(url), pairs: [] };
    setEmbedOpen({ ...parts, heightPx: embed.defaultHeightPx() });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    close();
  };

  return (
    <div className="share-control" onKeyDown={onKeyDown} data-open={open || undefined}>
      <button
        ref={buttonRef}
        type="button"
        className="share-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={name}
        onClick={toggle}
      >
        Share
        <span className="share-caret" aria-hidden="true" />
      </button>
      {open && (
        <div id={panelId} className="share-panel" role="group" aria-label={name}>
          <label htmlFor={fieldId} className="share-label">
            {linkLabel}
          </label>
          <div className="share-row">
            <input
              id={fieldId}
              ref={fieldRef}
              className="share-url"
              type="text"
              readOnly
              value={url}
              spellCheck={false}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" onClick={() => void copyLink()}>
              Copy link
            </button>
          </div>
          <p className="share-note">{linkNote}</p>
          <CopyStatus status={status} />
          {embed ? (
            <button
              type="button"
              className="embed-toggle"
              aria-expanded={embedOpen !== null}
              onClick={toggleEmbed}
            >
              Embed on another site
            </button>
          ) : null}
          {embed && embedOpen ? (
            <Suspense fallback={<p className="share-note">Loading the embed code…</p>}>
              <EmbedPanel
                path={embed.path}
                title={embed.title}
                siteBase={embedOpen.siteBase}
                pairs={embedOpen.pairs}
                defaultHeightPx={embedOpen.heightPx}
              />
            </Suspense>
          ) : null}
        </div>
      )}
    </div>
  );
}
