/**
 * Draws the timeline's lanes on a canvas for a window: each lane's label, then its events as
 * bars (CPU ops by nesting row, GPU work on one row), skipping events narrower than a pixel that
 * share a pixel with the one before. Also the layout, so pointer code can find lanes. No React.
 */
import type { Lane } from '../analysis/lanes';
import { firstVisible, type ViewWindow } from './view-window';

/** Colors read from the page's CSS variables. */
export interface TimelineColors {
  background: string;
  text: string;
  grid: string;
  cpu: string;
  gpu: string;
  font: string;
}

/** Pixel sizes of the drawing. */
export const ROW_PX = 12;
export const LABEL_PX = 16;
export const LANE_GAP_PX = 6;

/** The height in CSS pixels the lanes need. */
export function timelineHeightPx(lanes: readonly Lane[]): number {
  return lanes.reduce((h, l) => h + LABEL_PX + l.rows * ROW_PX + LANE_GAP_PX, 0) + 4;
}

/** The longest event of each lane (for finding the first visible one). */
export function longestDurations(lanes: readonly Lane[]): number[] {
  return lanes.map((l) => l.durationUs.reduce((m, d) => Math.max(m, d), 0));
}

/** Draws `lanes` in `window` on a context sized `widthPx` × `heightPx` CSS pixels. */
export function drawTimeline(
  ctx: CanvasRenderingContext2D,
  lanes: readonly Lane[],
  longest: readonly number[],
  window: ViewWindow,
  widthPx: number,
  heightPx: number,
  colors: TimelineColors,
): void {
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, widthPx, heightPx);
  const scale = widthPx / (window.endUs - window.startUs);
  ctx.font = `11px ${colors.font}`;
  ctx.textBaseline = 'top';
  let y = 2;
  lanes.forEach((lane, k) => {
    ctx.fillStyle = colors.text;
    ctx.fillText(lane.label, 2, y + 2);
    y += LABEL_PX;
    ctx.fillStyle = colors.grid;
    ctx.fillRect(0, y + lane.rows * ROW_PX, widthPx, 1);
    ctx.fillStyle = lane.kind === 'cpu' ? colors.cpu : colors.gpu;
    const n = lane.startUs.length;
    let lastPx = -1;
    let lastRow = -1;
    for (let i = firstVisible(lane.startUs, longest[k] ?? 0, window.startUs); i < n; i += 1) {
      const s = lane.startUs[i] ?? 0;
      if (s > window.endUs) break;
      const e = s + (lane.durationUs[i] ?? 0);
      if (e < window.startUs) continue;
      const row = lane.row[i] ?? 0;
      const x0 = (s - window.startUs) * scale;
      const x1 = (e - window.startUs) * scale;
      const px = Math.floor(x0);
      if (x1 - x0 < 1 && px === lastPx && row === lastRow) continue;
      lastPx = px;
      lastRow = row;
      const left = Math.max(0, x0);
      ctx.fillRect(
        left,
        y + row * ROW_PX + 1,
        Math.max(1, Math.min(widthPx, x1) - left - 0.5),
        ROW_PX - 2,
      );
    }
    y += lane.rows * ROW_PX + LANE_GAP_PX;
  });
}
