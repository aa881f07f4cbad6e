import {
  useCallback,
  useState,
  type CSSProperties,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import './tooltip.css';

/** Gap between the anchor and its tooltip, and the tooltip and the window's edge, in px. */
const GAP = 6;

/**
 * Where a tooltip goes: above its anchor when it fits, else below, kept inside the window.
 * Fixed positioning lets it escape tables and other boxes that clip their overflow.
 */
export function tooltipPlacement(
  anchor: Pick<DOMRect, 'left' | 'top' | 'bottom'>,
  tip: Pick<DOMRect, 'width' | 'height'>,
  viewportWidth: number,
): CSSProperties {
  const above = anchor.top - GAP - tip.height >= 0;
  const top = above ? anchor.top - GAP - tip.height : anchor.bottom + GAP;
  const left = Math.max(GAP, Math.min(anchor.left, viewportWidth - GAP - tip.width));
  return { position: 'fixed', top, left };
}

/**
 * A tooltip's place beside its anchor, and the function that measures both and places it again
 * (when it opens, when its text changes, when the page scrolls under it).
 */
export function useTooltipPlace(
  anchor: RefObject<HTMLElement | null>,
  tip: RefObject<HTMLElement | null>,
): [CSSProperties, () => void] {
  const [place, setPlace] = useState<CSSProperties>({});
  const placeTip = useCallback(() => {
    if (!anchor.current || !tip.current) return;
    const a = anchor.current.getBoundingClientRect();
    const t = tip.current.getBoundingClientRect();
    setPlace(tooltipPlacement(a, t, document.documentElement.clientWidth));
  }, [anchor, tip]);
  return [place, placeTip];
}

/** Props of a tooltip. */
export interface TooltipProps {
  /** Its id, which the anchor names in `aria-describedby`. */
  id: string;
  /** The component's own class, beside the shared look. */
  className: string;
  open: boolean;
  /** Where it goes while open (from useTooltipPlace). */
  place: CSSProperties;
  tipRef: Ref<HTMLSpanElement>;
  children: ReactNode;
}

/** A tooltip in lesson text: hidden until open, then fixed where `place` puts it. */
export function Tooltip({ id, className, open, place, tipRef, children }: TooltipProps) {
  return (
    <span
      ref={tipRef}
      role="tooltip"
      id={id}
      className={`lesson-tooltip ${className}`}
      hidden={!open}
      style={open ? place : undefined}
    >
      {children}
    </span>
  );
}
