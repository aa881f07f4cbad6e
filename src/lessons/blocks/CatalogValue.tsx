import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { CatalogValueResolvedProps } from './catalog-value-props';
import { Tooltip, useTooltipPlace } from './Tooltip';
import './catalog-value.css';

/**
 * Props of a catalog value. A lesson writes `of`, `figure` and optionally `unit`, `digits` and
 * `bare`; the lesson check resolves them against the hardware catalog at build time (failing
 * the build with file:line when it cannot) and adds the `resolved…` props.
 */
export interface CatalogValueProps extends Partial<CatalogValueResolvedProps> {
  /** A GPU, CPU, host-link or interconnect id from the catalog, e.g. "a100-sxm-80gb". */
  of: string;
  /** A dotted path to one of its figures, or a derived value, e.g. "memoryBytesPerSecond". */
  figure: string;
  /** A display unit such as "GB/s", "TB/s", "µs" or "GiB"; each quantity has a default. */
  unit?: string;
  /** Fixed decimal places (0-3); by default three significant digits. */
  digits?: number;
  /** Leave out the unit, for a table whose header names it. */
  bare?: boolean;
}

/**
 * A hardware figure quoted in lesson text, straight from the cost engine's catalog: the number
 * with its unit, marked when it is an estimate, with its kind and source in a tooltip that
 * opens on hover and on keyboard focus (Escape or scrolling closes it) and is the element's
 * description for screen readers.
 */
export function CatalogValue(props: CatalogValueProps) {
  const { of, figure, resolvedText, resolvedKind, resolvedDescription } = props;
  const tipId = useId();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const [place, placeTip] = useTooltipPlace(anchor, tip);

  useLayoutEffect(() => {
    if (open) placeTip();
  }, [open, placeTip]);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    window.addEventListener('scroll', close, { passive: true, capture: true });
    return () => window.removeEventListener('scroll', close, { capture: true });
  }, [open]);

  if (resolvedText === undefined || resolvedKind === undefined || !resolvedDescription) {
    // Only reachable when the component is used outside the lesson build (which resolves it).
    return (
      <span className="catalog-value catalog-value-missing" data-catalog-of={String(of)}>
        [catalog value {String(of)} / {String(figure)} not resolved]
      </span>
    );
  }
  return (
    <span
      ref={anchor}
      className="catalog-value"
      data-kind={resolvedKind}
      data-catalog-of={of}
      data-catalog-figure={figure}
      tabIndex={0}
      aria-describedby={tipId}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      {resolvedText}
      {resolvedKind === 'estimate' ? (
        <span className="catalog-value-est">
          <span aria-hidden="true">est.</span>
          <span className="visually-hidden"> (an estimate)</span>
        </span>
      ) : null}
      <Tooltip tipRef={tip} id={tipId} className="catalog-value-tip" open={open} place={place}>
        <span className="catalog-value-tip-kind">Course catalog:</span> {resolvedDescription}
      </Tooltip>
    </span>
  );
}
