import { useId, useRef, useState } from 'react';
import type { UrlPair } from '../../state/pairs';
import { CopyStatus, useCopy } from './useCopy';
import {
  checkEmbedHeight,
  EMBED_ALLOW,
  EMBED_HEIGHT_LIMITS,
  embedSnippet,
  embedSrc,
  type EmbedTheme,
} from './embed-snippet';
import '../field.css';
import './share.css';

/** Props of the embed panel. */
export interface EmbedPanelProps {
  /** The embed route's path (`/embed/race`, `/embed/quiz/<id>`, `/embed/check/<slug>`). */
  path: string;
  /** The iframe's title ("CPU vs GPU race · GPU Lab"). */
  title: string;
  /** Settings pairs to carry (widgets); none for questions. */
  pairs?: readonly UrlPair[];
  /** The GPU Lab page without search or hash. */
  siteBase: string;
  /** The height offered first, in CSS pixels. */
  defaultHeightPx: number;
}

/** Status shown when the snippet was copied. */
export const SNIPPET_COPIED = 'Embed code copied';
/** Shown when the snippet could not be copied. */
export const SNIPPET_COPY_FAILED = 'Copy failed: select the code and copy it yourself';

const THEMES: { value: string; label: string; theme: EmbedTheme }[] = [
  { value: 'auto', label: 'Follow the reader’s setting', theme: null },
  { value: 'light', label: 'Light', theme: 'light' },
  { value: 'dark', label: 'Dark', theme: 'dark' },
];

/**
 * The embed code for another site: a height and a theme to choose, whether to add the resizer
 * script, the snippet in a read-only field with a Copy button, and a live preview (the real
 * iframe, created only when asked for).
 */
export function EmbedPanel({
  path,
  title,
  pairs = [],
  siteBase,
  defaultHeightPx,
}: EmbedPanelProps) {
  const defaultHeight = Math.round(
    Math.min(EMBED_HEIGHT_LIMITS.max, Math.max(EMBED_HEIGHT_LIMITS.min, defaultHeightPx)),
  );
  const [heightText, setHeightText] = useState(String(defaultHeight));
  const [themeValue, setThemeValue] = useState('auto');
  const [withScript, setWithScript] = useState(true);
  const [preview, setPreview] = useState(false);
  const { status, copy } = useCopy(SNIPPET_COPIED, SNIPPET_COPY_FAILED);
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const checkedHeight = checkEmbedHeight(heightText);
  const heightPx = checkedHeight ?? defaultHeight;
  const theme = THEMES.find((t) => t.value === themeValue)?.theme ?? null;
  const options = { siteBase, path, pairs, theme, heightPx, title, withScript };
  const snippet = embedSnippet(options);

  return (
    <div className="embed-panel" role="group" aria-labelledby={`${id}-title`}>
      {/* Under its own "Embed on another site" button a visible title would say it twice: screen
          readers still get it, as the group's name. */}
      <p id={`${id}-title`} className="visually-hidden">
        Embed on another site
      </p>
      <div className="embed-fields">
        <div className="embed-field">
          <label htmlFor={`${id}-height`} className="share-label">
            Height (px)
          </label>
          <input
            id={`${id}-height`}
            className="ui-field"
            type="number"
            inputMode="numeric"
            min={EMBED_HEIGHT_LIMITS.min}
            max={EMBED_HEIGHT_LIMITS.max}
            step={10}
            value={heightText}
            aria-invalid={checkedHeight === null}
            aria-describedby={checkedHeight === null ? `${id}-height-error` : undefined}
            onChange={(e) => setHeightText(e.target.value)}
          />
        </div>
        <div className="embed-field">
          <label htmlFor={`${id}-theme`} className="share-label">
            Theme
          </label>
          <select
            id={`${id}-theme`}
            className="ui-field"
            value={themeValue}
            onChange={(e) => setThemeValue(e.target.value)}
          >
            {THEMES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <label className="embed-check">
          <input
            type="checkbox"
            checked={withScript}
            onChange={(e) => setWithScript(e.target.checked)}
          />{' '}
          Add the script that fits the height to the content
        </label>
      </div>
      {checkedHeight === null ? (
        <p id={`${id}-height-error`} className="embed-error">
          The height must be a whole number from {EMBED_HEIGHT_LIMITS.min} to{' '}
          {EMBED_HEIGHT_LIMITS.max.toLocaleString('en-US')}; the code uses {defaultHeight}.
        </p>
      ) : null}
      <label htmlFor={`${id}-code`} className="share-label">
        Embed code
      </label>
      <textarea
        id={`${id}-code`}
        ref={codeRef}
        className="ui-field embed-code"
        readOnly
        rows={withScript ? 5 : 4}
        value={snippet}
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="share-row">
        <button type="button" onClick={() => void copy(snippet, codeRef.current)}>
          Copy embed code
        </button>
        <button type="button" aria-expanded={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? 'Hide preview' : 'Show preview'}
        </button>
      </div>
      <p className="share-note">
        {pairs.length > 0
          ? 'The embed keeps these settings, not measurements: whoever opens it runs their own. '
          : ''}
        Answers and runs stay in the reader’s browser unless the host page records them.
      </p>
      <CopyStatus status={status} />
      {preview ? (
        <iframe
          className="embed-preview"
          src={embedSrc(options)}
          title={`Preview: ${title}`}
          width="100%"
          height={heightPx}
          style={{ border: 0 }}
          loading="lazy"
          allow={EMBED_ALLOW}
        />
      ) : null}
    </div>
  );
}
