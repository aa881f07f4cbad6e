import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { ExplorerPanelProps } from './panel-props';
import { drawScene } from './draw';
import { OverviewLayer } from './overview-layer';
import type { DrawColors } from './scene';
import { smWord } from './hardware';
import { commandForKey, KEY_HELP, moveSelection } from './keys';
import { layoutGpu, tileAt } from './layout';
import { shownWave, waveFraction } from './playback';
import { threadsPerSmInWave } from './schedule';
import { formatCount } from '../../format/units';
import { useElementWidth } from '../../ui/useElementWidth';

/** Width used before the container is measured. */
const FALLBACK_WIDTH_PX = 640;

/** Reads the drawing colours from the CSS variables in effect on `element`. */
function readColors(element: Element): DrawColors {
  const style = getComputedStyle(element);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--explorer-canvas-bg', '#ffffff'),
    tile: v('--explorer-tile', '#e9edf3'),
    tileBorder: v('--explorer-tile-border', '#c9d0db'),
    coreIdle: v('--explorer-core-idle', '#c9d0db'),
    coreBusy: v('--explorer-core-busy', '#1d5fbf'),
    tensor: v('--explorer-tensor', '#6b3fb8'),
    progress: v('--explorer-progress', '#0b7a66'),
    selected: v('--explorer-selected', '#16181d'),
    text: v('--explorer-text', '#16181d'),
    muted: v('--explorer-muted', '#4f5562'),
    font: style.fontFamily || 'system-ui, sans-serif',
  };
}

/** The canvas drawing of the GPU, its keyboard and pointer controls, and its text alternative. */
export function GpuCanvas({ state, controller, idBase }: ExplorerPanelProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const widthPx = useElementWidth(wrapRef, FALLBACK_WIDTH_PX);
  const [focused, setFocused] = useState(false);
  const [schemeVersion, setSchemeVersion] = useState(0);
  // Kept between frames: the colours (read from CSS once per scheme, not every frame, which
  // would force a style recalculation each time) and the overview's unchanging base.
  const colorsRef = useRef<{ version: number; colors: DrawColors } | null>(null);
  const layerRef = useRef<OverviewLayer | null>(null);
  const { hardware, plan, playback, zoom } = state;

  const layout = useMemo(
    () =>
      layoutGpu({
        widthPx,
        sms: hardware.sms,
        coresPerSm: hardware.coresPerSm,
        tensorCoresPerSm: hardware.tensorCoresPerSm,
      }),
    [widthPx, hardware.sms, hardware.coresPerSm, hardware.tensorCoresPerSm],
  );
  const wave = shownWave(playback);
  const threadsPerSm = useMemo(
    () => (wave === 0 ? new Uint32Array(hardware.sms) : threadsPerSmInWave(plan, wave)),
    [plan, wave, hardware.sms],
  );
  const fraction = waveFraction(playback);

  // Redraw when the colour scheme changes, since the colours come from CSS variables.
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setSchemeVersion((v) => v + 1);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);

  // An embed page may force a theme through `data-theme` on <html>: redraw when it changes.
  useEffect(() => {
    if (typeof MutationObserver !== 'function') return;
    const observer = new MutationObserver(() => setSchemeVersion((v) => v + 1));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.min(3, Math.max(1, window.devicePixelRatio || 1));
    const w = Math.round(layout.widthPx * ratio);
    const h = Math.round(layout.heightPx * ratio);
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return; // jsdom and some privacy modes give no 2-D context; the text still works
    if (colorsRef.current?.version !== schemeVersion) {
      colorsRef.current = { version: schemeVersion, colors: readColors(canvas) };
    }
    layerRef.current ??= new OverviewLayer(() => document.createElement('canvas'));
    drawScene(
      ctx,
      {
        hardware,
        layout,
        threadsPerSm,
        waveFraction: fraction,
        wave,
        selectedSm: zoom.sm,
        zoomProgress: zoom.progress,
        focused,
        residency: plan.residency,
      },
      colorsRef.current.colors,
      ratio,
      layerRef.current,
    );
  }, [
    layout,
    hardware,
    threadsPerSm,
    fraction,
    wave,
    zoom.sm,
    zoom.progress,
    focused,
    plan.residency,
    schemeVersion,
  ]);

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const command = commandForKey(event.key);
    if (!command) return;
    event.preventDefault();
    switch (command.type) {
      case 'move':
        controller.selectSm(
          moveSelection(zoom.sm, command.dx, command.dy, layout.columns, hardware.sms),
        );
        break;
      case 'first':
        controller.selectSm(0);
        break;
      case 'last':
        controller.selectSm(hardware.sms - 1);
        break;
      case 'zoom-in':
        controller.setZoomed(true);
        break;
      case 'zoom-out':
        controller.setZoomed(false);
        break;
      case 'play-pause':
        controller.togglePlay();
        break;
      case 'step':
        controller.step();
        break;
      case 'reset':
        controller.reset();
        break;
    }
  };

  const onClick = (event: MouseEvent<HTMLCanvasElement>) => {
    if (zoom.zoomed) {
      controller.setZoomed(false);
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    const sm = tileAt(layout, event.clientX - box.left, event.clientY - box.top);
    if (sm >= 0) {
      controller.selectSm(sm);
      controller.setZoomed(true);
    }
  };

  const word = smWord(hardware.base);
  const threadsHere = threadsPerSm[zoom.sm] ?? 0;
  const description = zoom.zoomed
    ? `Zoomed into ${word} ${zoom.sm + 1} of ${formatCount(hardware.sms)}: ${formatCount(hardware.coresPerSm)} cores, ${formatCount(threadsHere)} threads on it in this wave.`
    : `Drawing of ${formatCount(hardware.sms)} ${word}s with ${formatCount(hardware.coresPerSm)} cores each; ${word} ${zoom.sm + 1} selected.`;

  return (
    <div ref={wrapRef} className="explorer-canvas-wrap">
      <canvas
        ref={canvasRef}
        className="explorer-canvas"
        style={{ width: `${layout.widthPx}px`, height: `${layout.heightPx}px` }}
        role="img"
        tabIndex={0}
        aria-label={description}
        aria-describedby={`${idBase}-keys`}
        data-zoomed={zoom.zoomed ? 'true' : 'false'}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <p className="hint" id={`${idBase}-keys`}>
        Click an {word} to zoom into it. With the drawing focused: {KEY_HELP}
      </p>
    </div>
  );
}
