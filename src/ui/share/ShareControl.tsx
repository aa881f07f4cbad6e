import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { copyText } from './copy-text';
import { EmbedPanel } from './EmbedPanel';
import { embedPartsFromShareUrl } from './embed-snippet';
import { useEmbedMode } from './embed-mode';
import './share.css';

/** Props of the share control. */
export interface ShareControlProps {
  /** Builds the link with the widget's current settings; called each time the control opens. */
  getUrl(): string;
  /** The widget's name, read by screen readers after "Share" (several widgets share a page). */
  widgetLabel?: string;
  /** Offers embed code for the widget too (not inside an embed page). */
  embed?: ShareEmbedOptions;
}

/** What the Embed part of the share control needs to know about the widget. */
export interface ShareEmbedOptions {
  /** The widget's `data-widget` id: the embed route is `#/embed/<widgetId>`. */
  widgetId: string;
  /** The settings' URL prefix (`race`, `race-b`); its pairs are renamed to the widget id. */
  prefix: string;
  /** The iframe's title ("CPU vs GPU race · GPU Lab"). */
  title: string;
  /** The height offered first, in CSS pixels. */
  defaultHeightPx(): number;
}

/** Status shown when the link was copied. */
export const COPY_DONE = 'Link copied';
/** Shown when neither the clipboard API nor the fallback could copy. */
export const COPY_FAILED = 'Copy failed: select the link and copy it yourself';

/**
 * A "Share" button that reveals the widget's link in a read-only field (selected on open) and a
 * "Copy link" button, with the outcome in a live region. Escape closes it and returns focus to
 * the button. The link keeps settings, not measurements. With `embed`, the panel also offers
 * "Embed on another site": an iframe snippet with the same settings (see EmbedPanel).
 */
export function ShareControl({ getUrl, widgetLabel, embed }: ShareControlProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [embedHeightPx, setEmbedHeightPx] = useState<number | null>(null);
  const embedded = useEmbedMode();
  const offerEmbed = embed !== undefined && !embedded;
  const [status, setStatus] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const fieldId = useId();
  const open = url !== null;

  useEffect(() => {
    if (!open) return;
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, [open]);

  const close = () => {
    setUrl(null);
    setEmbedHeightPx(null);
    setStatus('');
    buttonRef.current?.focus();
  };

  const toggle = () => {
    if (open) close();
    else {
      setStatus('');
      setUrl(getUrl());
    }
  };

  const copy = async () => {
    if (url === null) return;
    setStatus('');
    const copied = await copyText(url, fieldRef.current);
    setStatus(copied ? COPY_DONE : COPY_FAILED);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    close();
  };

  return (
    <div className="share-control" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="share-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        Share
        {widgetLabel ? <span className="visually-hidden"> {widgetLabel}</span> : null}
      </button>
      {open && (
        <div id={panelId} className="share-panel" role="group" aria-label="Share link">
          <label htmlFor={fieldId}>Link to these settings</label>
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
            <button type="button" onClick={() => void copy()}>
              Copy link
            </button>
          </div>
          <p className="share-note">
            The link keeps the settings, not measurements: whoever opens it runs their own.
          </p>
          {offerEmbed ? (
            <button
              type="button"
              className="embed-toggle"
              aria-expanded={embedHeightPx !== null}
              onClick={() => setEmbedHeightPx((h) => (h === null ? embed.defaultHeightPx() : null))}
            >
              Embed on another site
            </button>
          ) : null}
          {offerEmbed && embedHeightPx !== null ? (
            <EmbedPanel
              path={`/embed/${embed.widgetId}`}
              title={embed.title}
              defaultHeightPx={embedHeightPx}
              {...embedPartsFromShareUrl(url, embed.prefix, embed.widgetId)}
            />
          ) : null}
        </div>
      )}
      <p className="share-status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
