/**
 * Canvas geometry, in CSS pixels: where every SM and core of the whole GPU goes, and where the
 * parts of one SM go when the view zooms in. Pure arithmetic so it can be tested without a
 * canvas; the drawing code only fills the rectangles it is given.
 */

/** A rectangle in CSS pixels. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where the cores and tensor cores sit inside one SM tile, relative to the tile's corner. */
export interface TileInterior {
  coreColumns: number;
  coreRows: number;
  /** Edge of one core cell. */
  coreCellPx: number;
  /** Top-left of the core grid inside the tile. */
  coreOrigin: { x: number; y: number };
  /** The tensor-core strip under the cores (null when the SM has none). */
  tensorStrip: Rect | null;
  /** Bar at the bottom of the tile showing resident warps against the SM's limit. */
  occupancyBar: Rect;
  /** False when core cells are too small to draw one by one (draw a filled share instead). */
  drawCores: boolean;
}

/** The whole-GPU view. */
export interface GpuLayout {
  widthPx: number;
  heightPx: number;
  columns: number;
  rows: number;
  tilePx: number;
  gapPx: number;
  /** One rectangle per SM, in SM order, row by row. */
  tiles: Rect[];
  interior: TileInterior;
}

/** Inputs of the whole-GPU layout. */
export interface GpuLayoutInput {
  widthPx: number;
  sms: number;
  coresPerSm: number;
  tensorCoresPerSm: number;
}

/** Smallest core cell, in CSS pixels, still drawn one core at a time. */
export const MIN_CORE_CELL_PX = 1.5;

/** Shortest canvas: enough for the zoomed SM view to stay readable. */
export const MIN_CANVAS_HEIGHT_PX = 260;

/** Height the canvas aims for at a given width: wide screens get a landscape box. */
export function targetHeightPx(widthPx: number): number {
  return Math.round(Math.min(440, Math.max(MIN_CANVAS_HEIGHT_PX, widthPx * 0.62)));
}

/** Columns and rows of a grid of `count` cells as close to the box's aspect as whole rows allow. */
export function gridShape(count: number, aspect: number): { columns: number; rows: number } {
  if (count <= 0) return { columns: 1, rows: 1 };
  let best = { columns: count, rows: 1, score: Number.POSITIVE_INFINITY };
  for (let columns = 1; columns <= count; columns++) {
    const rows = Math.ceil(count / columns);
    const waste = columns * rows - count;
    // A ragged last row looks like missing cores, so any waste costs extra.
    const score =
      Math.abs(Math.log(columns / rows / aspect)) + waste / count + (waste > 0 ? 0.5 : 0);
    if (score < best.score) best = { columns, rows, score };
  }
  return { columns: best.columns, rows: best.rows };
}

/** Lays out the interior of one square tile of `tilePx`. */
export function tileInterior(
  tilePx: number,
  coresPerSm: number,
  tensorCoresPerSm: number,
): TileInterior {
  const pad = Math.max(1, tilePx * 0.07);
  const inner = tilePx - 2 * pad;
  const barH = Math.max(1, inner * 0.08);
  const tensorH = tensorCoresPerSm > 0 ? Math.max(1, inner * 0.14) : 0;
  const gap = Math.max(0.5, inner * 0.04);
  const coresH = inner - barH - gap - (tensorH > 0 ? tensorH + gap : 0);
  const { columns, rows } = gridShape(coresPerSm, inner / coresH);
  const cell = Math.min(inner / columns, coresH / rows);
  const gridW = cell * columns;
  const coreOrigin = { x: pad + (inner - gridW) / 2, y: pad };
  const tensorStrip = tensorH > 0 ? { x: pad, y: pad + coresH + gap, w: inner, h: tensorH } : null;
  const occupancyBar = { x: pad, y: tilePx - pad - barH, w: inner, h: barH };
  return {
    coreColumns: columns,
    coreRows: rows,
    coreCellPx: cell,
    coreOrigin,
    tensorStrip,
    occupancyBar,
    drawCores: cell >= MIN_CORE_CELL_PX,
  };
}

/** Largest SM tile, so a GPU with few SMs still looks like a chip and not a few huge boxes. */
export const MAX_TILE_PX = 120;

/**
 * The whole GPU at `widthPx`: square SM tiles in the grid that makes them largest within the
 * target height (ties go to the wider grid), centred; the canvas is as tall as the tiles need,
 * but never shorter than the zoomed SM view needs.
 */
export function layoutGpu({
  widthPx,
  sms,
  coresPerSm,
  tensorCoresPerSm,
}: GpuLayoutInput): GpuLayout {
  if (!(widthPx > 0)) throw new RangeError(`widthPx must be > 0, got ${widthPx}`);
  if (!Number.isInteger(sms) || sms < 1)
    throw new RangeError(`sms must be a whole number >= 1, got ${sms}`);
  const gapPx = widthPx < 500 ? 2 : 3;
  const maxHeight = targetHeightPx(widthPx);
  const margin = 4;
  let best = { columns: 1, rows: sms, tile: 0 };
  for (let columns = 1; columns <= sms; columns++) {
    const rows = Math.ceil(sms / columns);
    const byWidth = (widthPx - 2 * margin - (columns - 1) * gapPx) / columns;
    const byHeight = (maxHeight - 2 * margin - (rows - 1) * gapPx) / rows;
    const tile = Math.min(byWidth, byHeight, MAX_TILE_PX);
    if (tile >= best.tile) best = { columns, rows, tile };
  }
  const { columns, rows } = best;
  const tilePx = Math.max(1, Math.floor(best.tile * 4) / 4);
  const usedW = columns * tilePx + (columns - 1) * gapPx;
  const usedH = rows * tilePx + (rows - 1) * gapPx;
  const heightPx = Math.max(MIN_CANVAS_HEIGHT_PX, Math.ceil(usedH + 2 * margin));
  const x0 = (widthPx - usedW) / 2;
  const y0 = (heightPx - usedH) / 2;
  const tiles: Rect[] = [];
  for (let i = 0; i < sms; i++) {
    const col = i % columns;
    const row = Math.floor(i / columns);
    tiles.push({
      x: x0 + col * (tilePx + gapPx),
      y: y0 + row * (tilePx + gapPx),
      w: tilePx,
      h: tilePx,
    });
  }
  return {
    widthPx,
    heightPx,
    columns,
    rows,
    tilePx,
    gapPx,
    tiles,
    interior: tileInterior(tilePx, coresPerSm, tensorCoresPerSm),
  };
}

/** One processing block of an SM in the zoomed view. */
export interface PartitionLayout {
  box: Rect;
  scheduler: Rect;
  registers: Rect;
  cores: Rect[];
  tensorCores: Rect[];
}

/** The zoomed view of one SM. */
export interface SmDetailLayout {
  widthPx: number;
  heightPx: number;
  title: Rect;
  partitions: PartitionLayout[];
  sharedMemory: Rect;
}

/** Inputs of the zoomed SM layout. */
export interface SmDetailInput {
  widthPx: number;
  heightPx: number;
  coresPerSm: number;
  tensorCoresPerSm: number;
  /** Processing blocks (one warp scheduler each); 1 when the vendor does not publish it. */
  partitions: number;
}

/** Splits `count` items over `parts` groups as evenly as possible, larger groups first. */
export function splitEvenly(count: number, parts: number): number[] {
  const base = Math.floor(count / parts);
  const extra = count % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Rectangles of `count` equal cells in a grid filling `area`, with a small gap. */
function cellGrid(area: Rect, count: number): Rect[] {
  if (count <= 0) return [];
  const { columns, rows } = gridShape(count, area.w / Math.max(1, area.h));
  const gap = Math.max(1, Math.min(area.w / columns, area.h / rows) * 0.15);
  const cw = (area.w - (columns - 1) * gap) / columns;
  const ch = (area.h - (rows - 1) * gap) / rows;
  const size = Math.max(0.5, Math.min(cw, ch));
  const gridW = columns * size + (columns - 1) * gap;
  const x0 = area.x + (area.w - gridW) / 2;
  return Array.from({ length: count }, (_, i) => ({
    x: x0 + (i % columns) * (size + gap),
    y: area.y + Math.floor(i / columns) * (size + gap),
    w: size,
    h: size,
  }));
}

/**
 * One SM filling the canvas: a title row, its processing blocks in a 2-column grid (each with a
 * warp scheduler, a register-file slice, its cores and tensor cores), and the L1 / shared memory
 * block across the bottom.
 */
export function layoutSmDetail(input: SmDetailInput): SmDetailLayout {
  const { widthPx, heightPx, coresPerSm, tensorCoresPerSm } = input;
  const partitions = Math.max(1, Math.round(input.partitions));
  const pad = 6;
  const gap = 6;
  const titleH = 22;
  const sharedH = Math.max(26, heightPx * 0.1);
  const title = { x: pad, y: pad, w: widthPx - 2 * pad, h: titleH };
  const sharedMemory = { x: pad, y: heightPx - pad - sharedH, w: widthPx - 2 * pad, h: sharedH };
  const gridTop = pad + titleH + gap;
  const gridH = sharedMemory.y - gap - gridTop;
  const columns = partitions === 1 ? 1 : 2;
  const rows = Math.ceil(partitions / columns);
  const boxW = (widthPx - 2 * pad - (columns - 1) * gap) / columns;
  const boxH = (gridH - (rows - 1) * gap) / rows;
  const coreCounts = splitEvenly(coresPerSm, partitions);
  const tensorCounts = splitEvenly(tensorCoresPerSm, partitions);
  const parts: PartitionLayout[] = [];
  for (let p = 0; p < partitions; p++) {
    const box = {
      x: pad + (p % columns) * (boxW + gap),
      y: gridTop + Math.floor(p / columns) * (boxH + gap),
      w: boxW,
      h: boxH,
    };
    const inner = { x: box.x + 4, y: box.y + 4, w: box.w - 8, h: box.h - 8 };
    const barH = Math.min(18, Math.max(10, inner.h * 0.14));
    const scheduler = { x: inner.x, y: inner.y, w: inner.w, h: barH };
    const registers = { x: inner.x, y: inner.y + barH + 3, w: inner.w, h: barH };
    const bodyTop = registers.y + barH + 4;
    const bodyH = inner.y + inner.h - bodyTop;
    const tensorCount = tensorCounts[p] ?? 0;
    const tensorW = tensorCount > 0 ? Math.min(inner.w * 0.28, bodyH) : 0;
    const coreArea = {
      x: inner.x,
      y: bodyTop,
      w: inner.w - (tensorW > 0 ? tensorW + 4 : 0),
      h: bodyH,
    };
    const tensorArea = { x: inner.x + inner.w - tensorW, y: bodyTop, w: tensorW, h: bodyH };
    parts.push({
      box,
      scheduler,
      registers,
      cores: cellGrid(coreArea, coreCounts[p] ?? 0),
      tensorCores: tensorCount > 0 ? cellGrid(tensorArea, tensorCount) : [],
    });
  }
  return { widthPx, heightPx, title, partitions: parts, sharedMemory };
}

/** Index of the tile under a point, or -1. */
export function tileAt(layout: GpuLayout, x: number, y: number): number {
  return layout.tiles.findIndex((t) => x >= t.x && x < t.x + t.w && y >= t.y && y < t.y + t.h);
}

/**
 * The canvas transform that zooms from the whole GPU (t = 0) to `tile` filling the canvas
 * (t = 1), easing in and out.
 */
export function zoomTransform(
  tile: Rect,
  canvas: { widthPx: number; heightPx: number },
  t: number,
): { scale: number; x: number; y: number } {
  const clamped = Math.min(1, Math.max(0, t));
  const eased = clamped * clamped * (3 - 2 * clamped);
  const full = Math.min(canvas.widthPx / tile.w, canvas.heightPx / tile.h);
  const scale = 1 + (full - 1) * eased;
  const targetX = (canvas.widthPx - tile.w * full) / 2 - tile.x * full;
  const targetY = (canvas.heightPx - tile.h * full) / 2 - tile.y * full;
  // `|| 0` turns -0 into 0 so an unzoomed transform is exactly the identity.
  return { scale, x: targetX * eased || 0, y: targetY * eased || 0 };
}
