import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useElementWidth } from '../../../ui/useElementWidth';
import type { TraceReport } from '../analysis/report';
import {
  drawTimeline,
  longestDurations,
  timelineHeightPx,
  type TimelineColors,
} from './draw-timeline';
import { formatUs } from './view-text';
import { fullWindow, panWindow, windowForKey, zoomWindow, type ViewWindow } from './view-window';

/** Reads the drawing colours from the CSS variables in effect on `element`. */
function readColors(element: Element): TimelineColors {
  const style = getComputedStyle(element);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--trace-canvas-bg', '#ffffff'),
    text: v('--fg', '#16181d'),
    grid: v('--border', '#c9d0db'),
    cpu: v('--trace-cpu', '#1d5fbf'),
    gpu: v('--trace-gpu', '#0b7a66'),
    font: style.fontFamily || 'system-ui, sans-serif',
  };
}

/** Props of the timeline. */
export interface TimelineCanvasProps {
  report: TraceReport;
  /** The id of the text summary that describes the timeline. */
  describedBy: string;
}

/**
 * The trace as a zoomable timeline: CPU threads and GPU streams as lanes on a canvas. Arrow keys
 * pan, + and − zoom, 0 shows the whole trace; pointer drag pans and the wheel zooms.
 */
export function TimelineCanvas({ report, describedBy }: TimelineCanvasProps) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const widthPx = useElementWidth(wrap, 640);
  const total = report.spanUs;
  const [win, setWin] = useState<ViewWindow>(() => fullWindow(total));
  const longest = useMemo(() => longestDurations(report.lanes), [report]);
  const heightPx = timelineHeightPx(report.lanes);
  const drag = useRef<{ x: number; win: ViewWindow } | null>(null);

  useEffect(() => setWin(fullWindow(total)), [total]);
  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext?.('2d');
    if (!c || !ctx) return;
    const ratio = globalThis.devicePixelRatio || 1;
    c.width = Math.round(widthPx * ratio);
    c.height = Math.round(heightPx * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawTimeline(ctx, report.lanes, longest, win, widthPx, heightPx, readColors(c));
  });
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const anchor = event.offsetX / Math.max(1, c.clientWidth);
      setWin((w) => zoomWindow(w, event.deltaY < 0 ? 1.25 : 0.8, anchor, total));
    };
    c.addEventListener('wheel', onWheel, { passive: false });
    return () => c.removeEventListener('wheel', onWheel);
  }, [total]);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = windowForKey(event.key, win, total);
    if (!next) return;
    event.preventDefault();
    setWin(next);
  };
  const onPointerDown = (event: PointerEvent) => {
    drag.current = { x: event.clientX, win };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    const start = drag.current;
    if (!start) return;
    setWin(panWindow(start.win, (start.x - event.clientX) / Math.max(1, widthPx), total));
  };
  const shown = `Showing ${formatUs(win.startUs)} to ${formatUs(win.endUs)} of ${formatUs(total)}`;
  return (
    <div className="trace-timeline">
      <div className="trace-timeline-controls">
        <button type="button" onClick={() => setWin((w) => zoomWindow(w, 2, 0.5, total))}>
          Zoom in
        </button>
        <button type="button" onClick={() => setWin((w) => zoomWindow(w, 0.5, 0.5, total))}>
          Zoom out
        </button>
        <button type="button" onClick={() => setWin(fullWindow(total))}>
          Whole trace
        </button>
        <span className="trace-window" data-testid="trace-window" aria-live="polite">
          {shown}
        </span>
      </div>
      <div
        ref={wrap}
        className="trace-canvas-wrap"
        role="group"
        tabIndex={0}
        aria-label="Timeline: left and right arrows pan, + and − zoom, 0 shows the whole trace"
        aria-describedby={describedBy}
        data-testid="trace-timeline"
        onKeyDown={onKeyDown}
      >
        <canvas
          ref={canvas}
          aria-hidden="true"
          style={{ width: `${widthPx}px`, height: `${heightPx}px` }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
        />
      </div>
    </div>
  );
}
