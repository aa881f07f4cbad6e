import { describe, expect, it } from 'vitest';
import { drawScene } from './draw';
import { explorerHardware } from './hardware';
import { layoutGpu } from './layout';
import { OverviewLayer, type LayerCanvas } from './overview-layer';
import type { DrawColors, DrawContext, Scene } from './scene';

/** A 2-D context that records the calls a frame makes (rects pushed, fills, image copies). */
function recordingContext() {
  const calls: string[] = [];
  let rects = 0;
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textBaseline: 'alphabetic',
    textAlign: 'left',
    globalAlpha: 1,
    save: () => calls.push('save'),
    restore: () => calls.push('restore'),
    setTransform: () => calls.push('setTransform'),
    transform: () => calls.push('transform'),
    fillRect: () => calls.push('fillRect'),
    strokeRect: () => calls.push('strokeRect'),
    beginPath: () => calls.push('beginPath'),
    rect: () => {
      rects += 1;
    },
    fill: () => calls.push('fill'),
    fillText: () => calls.push('fillText'),
    measureText: () => ({ width: 10 }),
    drawImage: () => calls.push('drawImage'),
  };
  return { ctx: ctx as unknown as DrawContext, calls, rects: () => rects };
}

function fakeCanvas() {
  const recorder = recordingContext();
  const canvas = { width: 0, height: 0, getContext: () => recorder.ctx };
  return { canvas: canvas as unknown as LayerCanvas, recorder };
}

const colors: DrawColors = {
  background: '#fff',
  tile: '#eee',
  tileBorder: '#ccc',
  coreIdle: '#ccc',
  coreBusy: '#00f',
  tensor: '#808',
  progress: '#080',
  selected: '#000',
  text: '#000',
  muted: '#444',
  font: 'sans-serif',
};

function scene(overrides: Partial<Scene> = {}): Scene {
  const hardware = explorerHardware('h100-sxm');
  const layout = layoutGpu({
    widthPx: 736,
    sms: hardware.sms,
    coresPerSm: hardware.coresPerSm,
    tensorCoresPerSm: hardware.tensorCoresPerSm,
  });
  const threadsPerSm = new Uint32Array(hardware.sms).fill(64);
  return {
    hardware,
    layout,
    threadsPerSm,
    waveFraction: 0.25,
    wave: 1,
    selectedSm: 0,
    zoomProgress: 0,
    focused: false,
    residency: 'one-per-core',
    ...overrides,
  };
}

describe('OverviewLayer', () => {
  it('draws the base once and copies it while only the wave progress moves', () => {
    const { canvas, recorder: base } = fakeCanvas();
    const layer = new OverviewLayer(() => canvas);
    const first = scene();
    const frame = recordingContext();
    drawScene(frame.ctx, first, colors, 2, layer);
    expect(layer.redraws).toBe(1);
    // The base holds every core; the frame itself only copies it and adds one bar per busy SM.
    expect(base.rects()).toBeGreaterThan(first.hardware.sms * first.hardware.coresPerSm);
    expect(frame.calls).toContain('drawImage');
    expect(frame.rects()).toBe(first.hardware.sms);
    expect(canvas.width).toBe(Math.round(first.layout.widthPx * 2));
    for (const waveFraction of [0.5, 0.75, 1]) {
      drawScene(recordingContext().ctx, { ...first, waveFraction }, colors, 2, layer);
    }
    expect(layer.redraws).toBe(1);
  });

  it('draws the base again when the wave, the colours or the pixel ratio change', () => {
    const { canvas } = fakeCanvas();
    const layer = new OverviewLayer(() => canvas);
    const first = scene();
    drawScene(recordingContext().ctx, first, colors, 1, layer);
    const next = { ...first, wave: 2, threadsPerSm: new Uint32Array(first.hardware.sms) };
    drawScene(recordingContext().ctx, next, colors, 1, layer);
    expect(layer.redraws).toBe(2);
    drawScene(recordingContext().ctx, next, { ...colors }, 1, layer);
    expect(layer.redraws).toBe(3);
    drawScene(recordingContext().ctx, next, colors, 1, layer);
    expect(layer.redraws).toBe(4);
    drawScene(recordingContext().ctx, next, colors, 2, layer);
    expect(layer.redraws).toBe(5);
  });

  it('draws everything directly while zooming, and without a canvas to keep the base in', () => {
    const { canvas } = fakeCanvas();
    const layer = new OverviewLayer(() => canvas);
    const zooming = recordingContext();
    drawScene(zooming.ctx, scene({ zoomProgress: 0.5 }), colors, 1, layer);
    expect(layer.redraws).toBe(0);
    expect(zooming.calls).not.toContain('drawImage');
    const none = recordingContext();
    const s = scene();
    drawScene(none.ctx, s, colors, 1, new OverviewLayer(() => null));
    expect(none.calls).not.toContain('drawImage');
    expect(none.rects()).toBeGreaterThan(s.hardware.sms * s.hardware.coresPerSm);
  });
});
