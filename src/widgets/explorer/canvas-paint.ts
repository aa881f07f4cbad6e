/** The explorer's two canvas primitives: rectangles filled in batches, and labels that fit. */
import type { Rect } from './layout';
import type { DrawColors, DrawContext } from './scene';

/** Fills a batch of rectangles as one path. */
export function fillRects(ctx: DrawContext, rects: Rect[], color: string): void {
  if (rects.length === 0) return;
  ctx.fillStyle = color;
  ctx.beginPath();
  for (const r of rects) ctx.rect(r.x, r.y, r.w, r.h);
  ctx.fill();
}

/** Draws the first of `texts` that fits in `box` at 13, 11 or 9 px; returns whether one did. */
export function fitLabel(
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
