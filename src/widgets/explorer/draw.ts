/**
 * Draws the explorer's scene on a 2-D canvas: every SM and core of the GPU, or one SM's parts
 * when zoomed in, coloured by what the shown wave keeps busy. Cores are batched into one path
 * per colour, so an H100's 16,896 cores cost two fills a frame.
 */
import type { ExplorerHardware } from './hardware';
import { smWord } from './hardware';
import { formatBytesBinary, formatCount } from '../../format/units';
import {
  layoutSmDetail,
  splitEvenly,
  zoomTransform,
  type GpuLayout,
  type Rect,
  type SmDetailLayout,
} from './layout';
import { WARP_SIZE, type Residency } from './config';

/** Colours read from the widget's CSS variables, so light and dark themes both work. */
export interface DrawColors {
  background: string;
  tile: string;
  tileBorder: string;
  coreIdle: string;
  coreBusy: string;
  tensor: string;
  progress: string;
  selected: string;
  text: string;
  muted: string;
  font: string;
}

/** Everything one frame shows. */
export interface Scene {
  hardware: ExplorerHardware;
  layout: GpuLayout;
  /** Threads on each SM in the shown wave (all zero before the first wave). */
  threadsPerSm: Uint32Array;
  /** Share of the shown wave that is done, in [0, 1]. */
  waveFraction: number;
  /** The shown wave, 0 before the start. */
  wave: number;
  selectedSm: number;
  /** 0 = whole GPU, 1 = the selected SM fills the canvas. */
  zoomProgress: number;
  /** Whether the drawing has keyboard focus (draws the selection ring). */
  focused: boolean;
  /** The picture being played: one thread per core, or resident warps. */
  residency: Residency;
}

/** The part of CanvasRenderingContext2D the drawing uses. */
export type DrawContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'setTransform'
  | 'transform'
  | 'fillRect'
  | 'strokeRect'
  | 'beginPath'
  | 'rect'
  | 'fill'
  | 'fillText'
  | 'measureText'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textBaseline'
  | 'textAlign'
  | 'globalAlpha'
>;

/** Cores shown busy on an SM holding `threads` threads (one core per thread at most). */
export function busyCores(threads: number, coresPerSm: number): number {
  return Math.min(threads, coresPerSm);
}

/** Fills a batch of rectangles as one path. */
function fillRects(ctx: DrawContext, rects: Rect[], color: string): void {
  if (rects.length === 0) return;
  ctx.fillStyle = color;
  ctx.beginPath();
  for (const r of rects) ctx.rect(r.x, r.y, r.w, r.h);
  ctx.fill();
}

/** Draws the whole GPU: tiles, cores (or a filled share), tensor strips and wave progress. */
function drawOverview(ctx: DrawContext, scene: Scene, colors: DrawColors): void {
  const { layout, hardware, threadsPerSm } = scene;
  const { interior } = layout;
  const idle: Rect[] = [];
  const busy: Rect[] = [];
  const bars: Rect[] = [];
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
    if (busyCount > 0) {
      const b = interior.occupancyBar;
      bars.push({ x: tile.x + b.x, y: tile.y + b.y, w: b.w * scene.waveFraction, h: b.h });
    }
  });
  fillRects(ctx, tiles, colors.tile);
  fillRects(ctx, idle, colors.coreIdle);
  fillRects(ctx, busy, colors.coreBusy);
  ctx.globalAlpha = 0.55;
  fillRects(ctx, tensors, colors.tensor);
  ctx.globalAlpha = 1;
  fillRects(ctx, bars, colors.progress);
  const selected = layout.tiles[scene.selectedSm];
  if (selected && (scene.focused || scene.zoomProgress > 0)) {
    ctx.strokeStyle = colors.selected;
    ctx.lineWidth = 2;
    ctx.strokeRect(selected.x - 1, selected.y - 1, selected.w + 2, selected.h + 2);
  }
}

/** Draws `text` in `box` if it fits at some font size from 13 px down to 9 px; returns whether it did. */
function label(
  ctx: DrawContext,
  texts: string[],
  box: Rect,
  colors: DrawColors,
  color: string,
  align: 'left' | 'center' = 'left',
): boolean {
  ctx.textBaseline = 'middle';
  ctx.textAlign = align;
  for (const size of [13, 11, 9]) {
    if (size > box.h - 2) continue;
    ctx.font = `${size}px ${colors.font}`;
    for (const text of texts) {
      if (ctx.measureText(text).width <= box.w - 8) {
        ctx.fillStyle = color;
        const x = align === 'center' ? box.x + box.w / 2 : box.x + 4;
        ctx.fillText(text, x, box.y + box.h / 2);
        return true;
      }
    }
  }
  return false;
}

/** The zoomed view's layout for a scene. */
export function detailLayoutFor(scene: Scene): SmDetailLayout {
  const { hardware, layout } = scene;
  return layoutSmDetail({
    widthPx: layout.widthPx,
    heightPx: layout.heightPx,
    coresPerSm: hardware.coresPerSm,
    tensorCoresPerSm: hardware.tensorCoresPerSm,
    partitions: hardware.anatomy.warpSchedulers?.value ?? 1,
  });
}

/** Draws one SM filling the canvas: processing blocks, warps, registers, cores, tensor cores, shared memory. */
function drawDetail(ctx: DrawContext, scene: Scene, colors: DrawColors): void {
  const { hardware } = scene;
  const detail = detailLayoutFor(scene);
  const anatomy = hardware.anatomy;
  const threads = scene.threadsPerSm[scene.selectedSm] ?? 0;
  const warps = Math.ceil(threads / WARP_SIZE);
  const word = smWord(hardware.base);
  const partitions = detail.partitions.length;
  const busyPerPart = splitEvenly(busyCores(threads, hardware.coresPerSm), partitions);
  const threadsPerPart = splitEvenly(threads, partitions);
  const warpsPerPart = splitEvenly(warps, partitions);
  const wavePart = scene.wave > 0 ? `wave ${formatCount(scene.wave)}: ` : '';
  label(
    ctx,
    [
      `${word} ${scene.selectedSm + 1} of ${formatCount(hardware.sms)} · ${wavePart}${formatCount(threads)} threads in ${formatCount(warps)} warps`,
      `${word} ${scene.selectedSm + 1} · ${formatCount(threads)} threads, ${formatCount(warps)} warps`,
      `${word} ${scene.selectedSm + 1}`,
    ],
    detail.title,
    colors,
    colors.text,
  );
  const registersEach = anatomy.registerBytes ? anatomy.registerBytes.value / partitions : null;
  detail.partitions.forEach((part, p) => {
    fillRects(ctx, [part.box], colors.tile);
    ctx.strokeStyle = colors.tileBorder;
    ctx.lineWidth = 1;
    ctx.strokeRect(part.box.x + 0.5, part.box.y + 0.5, part.box.w - 1, part.box.h - 1);
    fillRects(ctx, [part.scheduler, part.registers], colors.background);
    // One thread per core counts threads (the simple picture); resident warps count warps.
    const load =
      scene.residency === 'resident'
        ? `${formatCount(warpsPerPart[p] ?? 0)} warps resident`
        : `${formatCount(threadsPerPart[p] ?? 0)} threads`;
    const schedulerText = anatomy.warpSchedulers
      ? [`Warp scheduler · ${load}`, `Scheduler · ${load}`, 'Sched.']
      : [`Scheduler (not published) · ${load}`, 'Sched.: n/a'];
    label(ctx, schedulerText, part.scheduler, colors, colors.text);
    const registerText = registersEach
      ? [
          `Registers · ${formatBytesBinary(registersEach)}`,
          `Regs ${formatBytesBinary(registersEach)}`,
          'Regs',
        ]
      : ['Registers: not published', 'Regs: n/a'];
    label(ctx, registerText, part.registers, colors, colors.muted);
    const busyHere = busyPerPart[p] ?? 0;
    fillRects(ctx, part.cores.slice(busyHere), colors.coreIdle);
    fillRects(ctx, part.cores.slice(0, busyHere), colors.coreBusy);
    ctx.globalAlpha = 0.55;
    fillRects(ctx, part.tensorCores, colors.tensor);
    ctx.globalAlpha = 1;
    for (const tc of part.tensorCores)
      label(ctx, ['Tensor', 'TC'], tc, colors, colors.text, 'center');
  });
  fillRects(ctx, [detail.sharedMemory], colors.background);
  ctx.strokeStyle = colors.tileBorder;
  ctx.strokeRect(
    detail.sharedMemory.x + 0.5,
    detail.sharedMemory.y + 0.5,
    detail.sharedMemory.w - 1,
    detail.sharedMemory.h - 1,
  );
  const l1 = anatomy.l1SharedBytes;
  const shared = anatomy.maxSharedBytes;
  label(
    ctx,
    l1 && shared
      ? [
          `L1 cache / shared memory · ${formatBytesBinary(l1.value)} (up to ${formatBytesBinary(shared.value)} as shared memory)`,
          `L1 / shared · ${formatBytesBinary(l1.value)} (≤ ${formatBytesBinary(shared.value)} shared)`,
          `L1/shared ${formatBytesBinary(l1.value)}`,
        ]
      : ['L1 cache / shared memory: not published', 'L1 / shared: n/a'],
    detail.sharedMemory,
    colors,
    colors.text,
  );
}

/**
 * Draws a frame. `pixelRatio` maps CSS pixels to canvas pixels. Between 0 and 1 of zoom the
 * whole GPU is drawn magnified towards the selected SM; at 1 the SM's parts are drawn.
 */
export function drawScene(
  ctx: DrawContext,
  scene: Scene,
  colors: DrawColors,
  pixelRatio: number,
): void {
  const { layout } = scene;
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, layout.widthPx, layout.heightPx);
  if (scene.zoomProgress >= 1) {
    drawDetail(ctx, scene, colors);
    return;
  }
  const tile = layout.tiles[scene.selectedSm];
  if (scene.zoomProgress > 0 && tile) {
    const z = zoomTransform(
      tile,
      { widthPx: layout.widthPx, heightPx: layout.heightPx },
      scene.zoomProgress,
    );
    ctx.save();
    ctx.transform(z.scale, 0, 0, z.scale, z.x, z.y);
    drawOverview(ctx, scene, colors);
    ctx.restore();
    return;
  }
  drawOverview(ctx, scene, colors);
}
