import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { glossaryHref } from '../../state/route';
import { Tooltip, useTooltipPlace } from './Tooltip';
import './term.css';

/** How long a hover tooltip stays after the pointer leaves, in ms. */
const HOVER_GRACE_MS = 200;

/** Props of a glossary term in lesson text (the build's glossary plugin writes these). */
export interface TermProps {
  /** The glossary entry's id (src/glossary/terms.ts). */
  id: string;
  /** The words as the lesson wrote them. */
  children?: ReactNode;
}

/** The part of a glossary entry a tooltip shows. */
interface TermText {
  term: string;
  definition: string;
}

type GlossaryModule = typeof import('../../glossary/terms');

let glossary: Promise<GlossaryModule> | undefined;

/** The glossary module, fetched once for every term on the page (a lesson does not wait for it). */
function loadGlossary(): Promise<GlossaryModule> {
  glossary ??= import('../../glossary/terms');
  return glossary;
}

/** The glossary could not be fetched (offline, not cached). */
const FAILED = 'failed';

/**
 * The glossary entry for `id`, loaded after the lesson has rendered: undefined while the
 * glossary loads, null for an id it lacks, FAILED when it could not be fetched.
 */
function useGlossaryEntry(id: string): TermText | null | typeof FAILED | undefined {
  const [found, setFound] = useState<{
    id: string;
    entry: TermText | null | typeof FAILED;
  } | null>(null);
  useEffect(() => {
    let live = true;
    loadGlossary().then(
      (m) => live && setFound({ id, entry: m.findTerm(id) ?? null }),
      () => {
        glossary = undefined; // the next term to mount tries again
        if (live) setFound({ id, entry: FAILED });
      },
    );
    return () => {
      live = false;
    };
  }, [id]);
  return found?.id === id ? found.entry : undefined;
}

/**
 * The first use of a glossary term in a lesson: a link to its glossary entry whose definition
 * shows in a tooltip on hover and on keyboard focus, is the link's description for screen
 * readers, and closes with Escape (a hover tooltip also when the page scrolls). The definitions
 * load just after the lesson, so the lesson's own first load does not carry the glossary.
 */
export function Term({ id, children }: TermProps) {
  const entry = useGlossaryEntry(id);
  const tipId = useId();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLAnchorElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const [place, placeTip] = useTooltipPlace(anchor, tip);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelClose = useCallback(() => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  }, []);
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const hide = useCallback(() => {
    cancelClose();
    setOpen(false);
  }, [cancelClose]);
  // The pointer may cross the gap into the tooltip (to read or select it) without closing it.
  const hideSoon = () => {
    if (document.activeElement === anchor.current) return;
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), HOVER_GRACE_MS);
  };
  useEffect(() => cancelClose, [cancelClose]);

  // Placed again when the definition arrives while the tooltip is open (its size changes).
  useLayoutEffect(() => {
    if (open) placeTip();
  }, [open, placeTip, entry]);

  useEffect(() => {
    if (!open) return;
    // Scrolling closes a tooltip opened by the mouse; one opened by focus follows its term.
    const close = () => (document.activeElement === anchor.current ? placeTip() : hide());
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') hide();
    };
    window.addEventListener('scroll', close, { passive: true, capture: true });
    document.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', close, { capture: true });
      document.removeEventListener('keydown', onKey);
    };
  }, [open, placeTip, hide]);

  // The build rejects unknown ids; outside the build, show the words as they are.
  if (entry === null) return <>{children}</>;
  return (
    <span className="term" data-term={id} onMouseEnter={show} onMouseLeave={hideSoon}>
      <a
        ref={anchor}
        className="term-link"
        href={glossaryHref(id)}
        aria-describedby={tipId}
        onFocus={show}
        onBlur={hide}
      >
        {children}
      </a>
      <Tooltip tipRef={tip} id={tipId} className="term-tip" open={open} place={place}>
        {entry === undefined ? (
          'Loading the definition…'
        ) : entry === FAILED ? (
          'The definition could not be loaded; the link opens the glossary.'
        ) : (
          <>
            <span className="term-tip-name">{entry.term}:</span> {entry.definition}
          </>
        )}
      </Tooltip>
    </span>
  );
}
