/**
 * Where a chart's text labels go so that none sits on another or is crossed by a line: each label
 * starts where the chart would like it, and when that place is taken it is nudged up or down, a
 * step at a time, to the nearest free place (or to another side it offers). Labels are placed in
 * the order given, each avoiding the chart's lines and boxes and the labels placed before it.
 * Pure: plot-area pixels in, boxes out; text widths are estimated, generously, from the
 * characters, since a pure function has no font to measure with.
 */

/** A label's box in plot-area pixels: its top-left corner and its size (y grows downwards). */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A straight piece of a line drawn on the chart. */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** What labels must keep clear of: lines (as segments) and boxes (other marks, fixed text). */
export interface PlacementObstacles {
  segments?: readonly Segment[];
  boxes?: readonly LabelBox[];
}

/**
 * A vertical line from a label down to a point of the chart (a reference mark's line): it
 * starts `gapPx` below the label's box, wherever the label goes, and ends at `toY`.
 */
export interface LabelLeader {
  x: number;
  toY: number;
  gapPx?: number;
}

/** One label to place. */
export interface LabelRequest {
  /** Where the label would sit if nothing were in the way, then other places it may take. */
  boxes: readonly LabelBox[];
  /** Which way to nudge first when its place is taken (default 'up'). */
  prefer?: 'up' | 'down';
  /** The farthest this label may move (default: the options' maxShiftPx). */
  maxShiftPx?: number;
  /** This label's nudge, e.g. a row's height (default: the options' stepPx). */
  stepPx?: number;
  /** A line that belongs to the label: later labels keep clear of it, and it of earlier ones. */
  leader?: LabelLeader;
}

/** How far and in what steps labels may move, and the band they must stay in. */
export interface PlacementOptions {
  /** Clear space kept around each label, in px. */
  gapPx: number;
  /** One nudge, in px. */
  stepPx: number;
  /** The farthest a label may move from its first place, in px. */
  maxShiftPx: number;
  /** The band every label box must stay inside (plot-area px); unbounded sides may be left out. */
  bounds?: { top?: number; bottom?: number; left?: number; right?: number };
}

/** A word drawn on a plot where the placement put it: its anchor point, baseline and box. */
export interface PlotWord {
  /** The curve or mark it names. */
  key: string;
  text: string;
  /** The text's anchor point: x with `anchor`, and its baseline. */
  x: number;
  y: number;
  anchor: 'start' | 'end';
  /** Its box, for checks. */
  box: LabelBox;
}

/** Where a label went. */
export interface PlacedLabel {
  box: LabelBox;
  /** Which of the request's boxes it took (0: the first choice). */
  choice: number;
  /** How far it moved down (positive) or up (negative) from that box, in px. */
  shiftPx: number;
  /** The leader line as placed, when the label has one. */
  leader: Segment | null;
  /** False when no place within reach was free: it then took the least crowded one. */
  clear: boolean;
}

/**
 * Widths of characters as a share of the font size, by kind, set from the widest common UI font
 * (DejaVu Sans Bold, which headless Chromium uses) so that narrower fonts come out smaller.
 */
function characterWidthEm(c: string): number {
  if (c === ' ') return 0.35;
  if ('mwMW'.includes(c)) return 1.05;
  if ('iljtfrI'.includes(c)) return 0.45;
  if (".,:;·'|!".includes(c)) return 0.4;
  if ('=×+<>~'.includes(c)) return 0.84;
  if (c >= 'A' && c <= 'Z') return 0.8;
  return 0.7; // lower case, digits and the rest
}

/** A generous estimate of the width of `text` set at `fontPx` (5 % over the widest font). */
export function estimateTextWidthPx(text: string, fontPx: number): number {
  let em = 0;
  for (const c of text) em += characterWidthEm(c);
  return Math.ceil(em * fontPx * 1.05);
}

/**
 * The box of an SVG `<text>` at (`x`, `baselineY`) with this `textAnchor`: from the ascent above
 * the baseline to the descent below it.
 */
export function textBox(
  text: string,
  x: number,
  baselineY: number,
  fontPx: number,
  anchor: 'start' | 'middle' | 'end' = 'start',
): LabelBox {
  const width = estimateTextWidthPx(text, fontPx);
  const left = anchor === 'start' ? x : anchor === 'end' ? x - width : x - width / 2;
  return { x: left, y: baselineY - fontPx * 0.8, width, height: fontPx * 1.05 };
}

/** The baseline of text whose box is `box` (the inverse of textBox's vertical extent). */
export function baselineOf(box: LabelBox, fontPx: number): number {
  return box.y + fontPx * 0.8;
}

/** A polyline's points as segments, for PlacementObstacles. */
export function polylineSegments(points: ReadonlyArray<readonly [number, number]>): Segment[] {
  const segments: Segment[] = [];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i - 1]!;
    const [x2, y2] = points[i]!;
    segments.push({ x1, y1, x2, y2 });
  }
  return segments;
}

/** Whether two boxes overlap (touching edges do not). */
export function boxesOverlap(a: LabelBox, b: LabelBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether a segment passes through a box (Liang–Barsky clipping). */
export function segmentCrossesBox(s: Segment, box: LabelBox): boolean {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, s.x1 - box.x],
    [dx, box.x + box.width - s.x1],
    [-dy, s.y1 - box.y],
    [dy, box.y + box.height - s.y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q <= 0) return false; // parallel to this edge and outside it (or on it)
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 >= t1) return false;
  }
  return true;
}

/** `box` grown by `by` px on every side. */
function inflate(box: LabelBox, by: number): LabelBox {
  return { x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by };
}

/** `box` moved down by `dy` px. */
function shifted(box: LabelBox, dy: number): LabelBox {
  return { ...box, y: box.y + dy };
}

/** The leader of a label whose box is `box`, or null. */
function leaderFor(leader: LabelLeader | undefined, box: LabelBox): Segment | null {
  if (!leader) return null;
  const from = box.y + box.height + (leader.gapPx ?? 2);
  return { x1: leader.x, y1: from, x2: leader.x, y2: Math.max(from, leader.toY) };
}

/** Whether `box` lies inside the bounds. */
function inBounds(box: LabelBox, bounds: PlacementOptions['bounds']): boolean {
  if (!bounds) return true;
  const eps = 1e-6;
  return (
    (bounds.top === undefined || box.y >= bounds.top - eps) &&
    (bounds.bottom === undefined || box.y + box.height <= bounds.bottom + eps) &&
    (bounds.left === undefined || box.x >= bounds.left - eps) &&
    (bounds.right === undefined || box.x + box.width <= bounds.right + eps)
  );
}

/** Vertical shifts to try, nearest first, the preferred direction first at each distance. */
function shiftsToTry(stepPx: number, maxShiftPx: number, prefer: 'up' | 'down'): number[] {
  const sign = prefer === 'up' ? -1 : 1;
  const shifts = [0];
  const step = Math.max(1, stepPx);
  for (let d = step; d <= maxShiftPx + 1e-9; d += step) shifts.push(sign * d, -sign * d);
  return shifts;
}

/**
 * Points along a polyline (in px), every `spacingPx` of its length, starting at its last point
 * and walking back towards its first: the places a curve's name may sit, nearest its end first.
 */
export function pointsAlongFromEnd(
  points: ReadonlyArray<readonly [number, number]>,
  spacingPx: number,
): Array<[number, number]> {
  const last = points.at(-1);
  if (!last) return [];
  const out: Array<[number, number]> = [[last[0], last[1]]];
  let carried = 0;
  for (let i = points.length - 1; i > 0; i--) {
    const [x2, y2] = points[i]!;
    const [x1, y1] = points[i - 1]!;
    const length = Math.hypot(x2 - x1, y2 - y1);
    let at = spacingPx - carried;
    while (at <= length) {
      const t = at / length;
      out.push([x2 + (x1 - x2) * t, y2 + (y1 - y2) * t]);
      at += spacingPx;
    }
    carried = length - (at - spacingPx);
  }
  return out;
}

/**
 * Places `requests` in order. Each takes the nearest free place: its first box unmoved, else
 * the next box it offers, else each box nudged by one step more in the preferred direction,
 * then the other, up to `maxShiftPx`, inside the bounds. A place is free when the label's box,
 * grown by `gapPx`, overlaps no obstacle box and no label placed before, no line crosses it, and
 * its leader (if any) crosses no placed label. When none is free, the place with the fewest
 * collisions (then the smallest move) is taken and marked not clear.
 */
export function placeLabels(
  requests: readonly LabelRequest[],
  obstacles: PlacementObstacles,
  options: PlacementOptions,
): PlacedLabel[] {
  const lines = new SegmentGrid(obstacles.segments ?? []);
  const boxes: LabelBox[] = [...(obstacles.boxes ?? [])];
  const placedBoxes: LabelBox[] = [];
  const placed: PlacedLabel[] = [];

  const collisions = (box: LabelBox, leader: Segment | null): number => {
    const grown = inflate(box, options.gapPx);
    let count = lines.crossing(grown);
    for (const other of boxes) if (boxesOverlap(grown, other)) count++;
    for (const other of placedBoxes) if (boxesOverlap(grown, other)) count++;
    if (leader) {
      for (const other of placedBoxes) if (segmentCrossesBox(leader, other)) count++;
    }
    return count;
  };

  for (const request of requests) {
    const shifts = shiftsToTry(
      request.stepPx ?? options.stepPx,
      request.maxShiftPx ?? options.maxShiftPx,
      request.prefer ?? 'up',
    );
    let best: PlacedLabel | null = null;
    let bestCount = Infinity;
    search: for (const shift of shifts) {
      for (const [choice, start] of request.boxes.entries()) {
        const box = shifted(start, shift);
        if (!inBounds(box, options.bounds)) continue;
        const leader = leaderFor(request.leader, box);
        const count = collisions(box, leader);
        if (count < bestCount) {
          bestCount = count;
          best = { box, choice, shiftPx: shift, leader, clear: count === 0 };
        }
        if (count === 0) break search;
      }
    }
    // Nothing inside the bounds: the first box as it is.
    const first = request.boxes[0];
    if (!first) throw new RangeError('placeLabels: a label needs at least one box');
    const chosen = best ?? {
      box: first,
      choice: 0,
      shiftPx: 0,
      leader: leaderFor(request.leader, first),
      clear: false,
    };
    placed.push(chosen);
    placedBoxes.push(chosen.box);
    if (chosen.leader) lines.add(chosen.leader);
  }
  return placed;
}

/** Width and height of one cell of the segment grid, in px. */
const GRID_CELL_PX = 24;

/**
 * Segments filed by the grid cells their bounding boxes touch, so that a box is tested only
 * against the segments near it (a chart's curves have hundreds of pieces).
 */
class SegmentGrid {
  private readonly cells = new Map<string, number[]>();
  private readonly segments: Segment[] = [];
  private readonly seen: number[] = [];
  private stamp = 0;

  constructor(segments: readonly Segment[]) {
    for (const segment of segments) this.add(segment);
  }

  /** Files one more segment. */
  add(segment: Segment): void {
    const index = this.segments.push(segment) - 1;
    this.seen.push(0);
    const [c0, c1] = cellRange(Math.min(segment.x1, segment.x2), Math.max(segment.x1, segment.x2));
    const [r0, r1] = cellRange(Math.min(segment.y1, segment.y2), Math.max(segment.y1, segment.y2));
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        const key = `${c},${r}`;
        const cell = this.cells.get(key);
        if (cell) cell.push(index);
        else this.cells.set(key, [index]);
      }
    }
  }

  /** How many filed segments cross `box`. */
  crossing(box: LabelBox): number {
    this.stamp++;
    let count = 0;
    const [c0, c1] = cellRange(box.x, box.x + box.width);
    const [r0, r1] = cellRange(box.y, box.y + box.height);
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        for (const index of this.cells.get(`${c},${r}`) ?? []) {
          if (this.seen[index] === this.stamp) continue;
          this.seen[index] = this.stamp;
          if (segmentCrossesBox(this.segments[index]!, box)) count++;
        }
      }
    }
    return count;
  }
}

/** The cells a span from `low` to `high` px touches (a huge span is capped: no runaway loops). */
function cellRange(low: number, high: number): [number, number] {
  const clamp = (v: number) => Math.max(-1e4, Math.min(1e4, v));
  return [Math.floor(clamp(low) / GRID_CELL_PX), Math.floor(clamp(high) / GRID_CELL_PX)];
}

/**
 * Checks a finished layout: pairs of labels that overlap, and labels a line crosses. Empty lists
 * mean every label can be read. For tests and for charts that want to know.
 */
export function labelCollisions(
  boxes: readonly LabelBox[],
  segments: readonly Segment[],
): { overlapping: Array<[number, number]>; crossed: number[] } {
  const overlapping: Array<[number, number]> = [];
  const crossed: number[] = [];
  boxes.forEach((box, i) => {
    for (let j = i + 1; j < boxes.length; j++) {
      if (boxesOverlap(box, boxes[j]!)) overlapping.push([i, j]);
    }
    if (segments.some((s) => segmentCrossesBox(s, box))) crossed.push(i);
  });
  return { overlapping, crossed };
}

/**
 * The same check on words as placed, naming them: each overlapping pair as "first / second" and
 * each crossed word by its text. Empty lists mean every word can be read.
 */
export function wordCollisions(
  words: readonly PlotWord[],
  segments: readonly Segment[],
): { overlapping: string[]; crossed: string[] } {
  const { overlapping, crossed } = labelCollisions(
    words.map((w) => w.box),
    segments,
  );
  return {
    overlapping: overlapping.map(([a, b]) => `${words[a]!.text} / ${words[b]!.text}`),
    crossed: crossed.map((i) => words[i]!.text),
  };
}
