/**
 * Draws the whole GPU: every SM and core, coloured by what the shown wave keeps busy. Cores are
 * batched into one path per colour, so an H100's 16,896 cores cost two fills. The drawing comes
 * in two parts: the base (tiles, cores, tensor strips), which changes only with the wave, and the
 * marks (wave progress, selection ring), which change every frame while playing.
 */
import type { Rect } from './layout';
import { fillRects } from './canvas-paint';
import { busyCores, type DrawColors, type DrawContext, type Scene } from './scene';

/** Draws the whole GPU: tiles, cores (or a filled share), tensor strips and wave progress. */
export function drawOverview(ctx: DrawContext, scene: Scene, colors: DrawColors): void {
  drawOverviewBase(ctx, scene, colors);
  drawOverviewMarks(ctx, scene, colors);
}

/** The part that changes only with the wave: tiles, cores (or a filled share), tensor strips. */
export function drawOverviewBase(ctx: DrawContext, scene: Scene, colors: DrawColors): void {
  const { layout, hardware, threadsPerSm } = scene;
  const { interior } = layout;
  const idle: Rect[] = [];
  const busy: Rect[] = [];
  const tiles: Rect[] = [];
  const tensors: Rect[] = [];
  const cell = interior.coreCellPx;
  const inset = cell > 3 ? 0.5 : cell > 2 ? 0.25 : 0;
  layout.tiles.forEach((tile, sm) => {
    tiles.push(tile);
    const busyCount = busyCores(threadsPerSm[sm] ?? 0, hardware.coresPerSm);
    if (interior.drawCores) {
      for (let c = 0; c < hardware.coresPerSm; c++) {
        const x = tile.x + interior.coreOrigin.x + (c % interior.coreColumns) * cell + inset;
        const y =
          tile.y + interior.coreOrigin.y + Math.floor(c / interior.coreColumns) * cell + inset;
        (c < busyCount ? busy : idle).push({ x, y, w: cell - 2 * inset, h: cell - 2 * inset });
      }
    } else {
      const w = interior.coreColumns * cell;
      const h = interior.coreRows * cell;
      const x = tile.x + interior.coreOrigin.x;
      const y = tile.y + interior.coreOrigin.y;
      const share = busyCount / hardware.coresPerSm;
      idle.push({ x, y, w, h });
      if (share > 0) busy.push({ x, y: y + h * (1 - share), w, h: h * share });
    }
    if (interior.tensorStrip) {
      const s = interior.tensorStrip;
      const count = hardware.tensorCoresPerSm;
      const gap = Math.min(2, s.w / (count * 4));
      const w = (s.w - (count - 1) * gap) / count;
      for (let t = 0; t < count; t++) {
        tensors.push({ x: tile.x + s.x + t * (w + gap), y: tile.y + s.y, w, h: s.h });
      }
    }
  });
  fillRects(ctx, tiles, colors.tile);
  fillRects(ctx, idle, colors.coreIdle);
  fillRects(ctx, busy, colors.coreBusy);
  ctx.globalAlpha = 0.55;
  fillRects(ctx, tensors, colors.tensor);
  ctx.globalAlpha = 1;
}

/** The part that changes every frame: each busy SM's wave progress bar, the selection ring. */
export function drawOverviewMarks(ctx: DrawContext, scene: Scene, colors: DrawColors): void {
  const { layout, hardware, threadsPerSm } = scene;
  const b = layout.interior.occupancyBar;
  const bars: Rect[] = [];
  layout.tiles.forEach((tile, sm) => {
    if (busyCores(threadsPerSm[sm] ?? 0, hardware.coresPerSm) > 0) {
      bars.push({ x: tile.x + b.x, y: tile.y + b.y, w: b.w * scene.waveFraction, h: b.h });
    }
  });
  fillRects(ctx, bars, colors.progress);
  const selected = layout.tiles[scene.selectedSm];
  if (selected && (scene.focused || scene.zoomProgress > 0)) {
    ctx.strokeStyle = colors.selected;
    ctx.lineWidth = 2;
    ctx.strokeRect(selected.x - 1, selected.y - 1, selected.w + 2, selected.h + 2);
  }
}
