import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { EmbedPanelProps } from './EmbedPanel';
import './share.css';

// The panel (snippet building, copying) loads on the first press, so a page of questions does
// not carry it in its first load.
const EmbedPanel = lazy(() => import('./EmbedPanel').then((m) => ({ default: m.EmbedPanel })));

/** Props of the stand-alone embed control (questions, lesson checks). */
export interface EmbedControlProps extends Omit<EmbedPanelProps, 'siteBase' | 'defaultHeightPx'> {
  /** The button's accessible name ("Embed this question"). */
  buttonLabel: string;
  /** The GPU Lab page without search or hash; read when the panel opens. */
  getSiteBase(): string;
  /** The height to offer, read when the panel opens (e.g. the element's rendered height). */
  getDefaultHeightPx(): number;
}

/**
 * A small "Embed" button that opens the embed panel below it; pressing it again or Escape
 * closes the panel and returns focus to the button.
 */
export function EmbedControl({
  buttonLabel,
  getSiteBase,
  getDefaultHeightPx,
  ...panel
}: EmbedControlProps) {
  const [open, setOpen] = useState<{ siteBase: string; heightPx: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = () => {
    setOpen(null);
    buttonRef.current?.focus();
  };
  const toggle = () => {
    if (open) close();
    else setOpen({ siteBase: getSiteBase(), heightPx: getDefaultHeightPx() });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    close();
  };

  return (
    <div className="embed-control" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="embed-toggle"
        aria-expanded={open !== null}
        aria-controls={open ? panelId : undefined}
        aria-label={buttonLabel}
        onClick={toggle}
      >
        Embed
      </button>
      {open ? (
        <div id={panelId}>
          <Suspense fallback={<p className="share-note">Loading the embed code…</p>}>
            <EmbedPanel {...panel} siteBase={open.siteBase} defaultHeightPx={open.heightPx} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
