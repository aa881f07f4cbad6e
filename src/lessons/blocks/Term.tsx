import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import type { ReactNode } from 'react';
import { findTerm } from '../../glossary/terms';
import { glossaryHref } from '../../app/route';
import { tooltipPlacement } from './CatalogValue';
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

/**
 * The first use of a glossary term in a lesson: a link to its glossary entry whose definition
 * shows in a tooltip on hover and on keyboard focus, is the link's description for screen
 * readers, and closes with Escape (a hover tooltip also when the page scrolls).
 */
export function Term({ id, children }: TermProps) {
  const entry = findTerm(id);
  const tipId = useId();
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const anchor = useRef<HTMLAnchorElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
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

  const placeTip = useCallback(() => {
    if (!anchor.current || !tip.current) return;
    const a = anchor.current.getBoundingClientRect();
    const t = tip.current.getBoundingClientRect();
    setPlace(tooltipPlacement(a, t, document.documentElement.clientWidth));
  }, []);

  useLayoutEffect(() => {
    if (open) placeTip();
  }, [open, placeTip]);

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
  if (!entry) return <>{children}</>;
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
      <span
        ref={tip}
        role="tooltip"
        id={tipId}
        className="term-tip"
        hidden={!open}
        style={open ? place : undefined}
      >
        <span className="term-tip-name">{entry.term}:</span> {entry.definition}
      </span>
    </span>
  );
}
