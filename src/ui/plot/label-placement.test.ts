import { describe, expect, it } from 'vitest';
import {
  boxesOverlap,
  estimateTextWidthPx,
  labelCollisions,
  placeLabels,
  polylineSegments,
  segmentCrossesBox,
  textBox,
  wordCollisions,
  type LabelBox,
} from './label-placement';

const options = { gapPx: 2, stepPx: 2, maxShiftPx: 60 };

/** A 40 × 12 box with its top-left corner at (x, y). */
function box(x: number, y: number): LabelBox {
  return { x, y, width: 40, height: 12 };
}

describe('geometry', () => {
  it('tells overlapping boxes from touching and separate ones', () => {
    expect(boxesOverlap(box(0, 0), box(30, 5))).toBe(true);
    expect(boxesOverlap(box(0, 0), box(40, 0))).toBe(false);
    expect(boxesOverlap(box(0, 0), box(0, 20))).toBe(false);
  });

  it('finds a segment crossing a box, and one passing by', () => {
    expect(segmentCrossesBox({ x1: -10, y1: 6, x2: 50, y2: 6 }, box(0, 0))).toBe(true);
    expect(segmentCrossesBox({ x1: -10, y1: -10, x2: 50, y2: 30 }, box(0, 0))).toBe(true);
    expect(segmentCrossesBox({ x1: -10, y1: 20, x2: 50, y2: 20 }, box(0, 0))).toBe(false);
    expect(segmentCrossesBox({ x1: 20, y1: 20, x2: 20, y2: 90 }, box(0, 0))).toBe(false);
    expect(segmentCrossesBox({ x1: 60, y1: -10, x2: 90, y2: 30 }, box(0, 0))).toBe(false);
  });

  it('turns a polyline into its segments', () => {
    expect(
      polylineSegments([
        [0, 0],
        [1, 2],
        [3, 3],
      ]),
    ).toEqual([
      { x1: 0, y1: 0, x2: 1, y2: 2 },
      { x1: 1, y1: 2, x2: 3, y2: 3 },
    ]);
  });

  it('puts a text box around the glyphs, whatever the anchor', () => {
    const width = estimateTextWidthPx('CPU model', 11);
    expect(width).toBeGreaterThan(50);
    expect(textBox('CPU model', 100, 50, 11, 'end')).toMatchObject({ x: 100 - width, width });
    expect(textBox('CPU model', 100, 50, 11, 'middle').x).toBeCloseTo(100 - width / 2, 9);
    const start = textBox('CPU model', 100, 50, 11);
    expect(start.y).toBeLessThan(50);
    expect(start.y + start.height).toBeGreaterThan(50);
  });
});

describe('placeLabels', () => {
  it('leaves labels that collide with nothing where they are', () => {
    const placed = placeLabels([{ boxes: [box(0, 0)] }, { boxes: [box(0, 40)] }], {}, options);
    expect(placed.map((p) => p.box)).toEqual([box(0, 0), box(0, 40)]);
    expect(placed.every((p) => p.clear && p.shiftPx === 0)).toBe(true);
  });

  it('stacks two labels with the same anchor, the second in its preferred direction', () => {
    const down = placeLabels(
      [{ boxes: [box(0, 50)] }, { boxes: [box(0, 50)], prefer: 'down' }],
      {},
      options,
    );
    expect(down[0]!.box.y).toBe(50);
    expect(down[1]!.box.y).toBeGreaterThanOrEqual(50 + 12 + 2);
    expect(boxesOverlap(down[0]!.box, down[1]!.box)).toBe(false);
    const up = placeLabels([{ boxes: [box(0, 50)] }, { boxes: [box(0, 50)] }], {}, options);
    expect(up[1]!.box.y).toBeLessThanOrEqual(50 - 12 - 2);
  });

  it('moves a label off a line that crosses it, to the nearest side', () => {
    const line = { x1: -100, y1: 8, x2: 200, y2: 8 };
    const [placed] = placeLabels(
      [{ boxes: [box(0, 0)], prefer: 'down' }],
      { segments: [line] },
      options,
    );
    expect(segmentCrossesBox(line, placed!.box)).toBe(false);
    expect(placed!.clear).toBe(true);
    // Clear of the line by 2 px: 6 px up is nearer than 10 px down, though down is preferred.
    expect(placed!.shiftPx).toBe(-6);
  });

  it('keeps labels inside the bounds, moving the other way when one way is shut', () => {
    const placed = placeLabels(
      [{ boxes: [box(0, 0)] }, { boxes: [box(0, 0)] }],
      {},
      { ...options, bounds: { top: 0 } },
    );
    expect(placed[1]!.box.y).toBeGreaterThanOrEqual(14);
    expect(placed.every((p) => p.box.y >= 0)).toBe(true);
  });

  it('takes another offered box before moving', () => {
    const taken = box(0, 0);
    const [placed] = placeLabels(
      [{ boxes: [box(10, 0), box(60, 0)] }],
      { boxes: [taken] },
      options,
    );
    expect(placed).toMatchObject({ choice: 1, shiftPx: 0, clear: true });
  });

  it('keeps a label clear of an earlier label’s leader line, and its own leader clear of earlier labels', () => {
    // The first label's leader runs down from it at x = 20 through the second's place.
    const placed = placeLabels(
      [{ boxes: [box(0, 0)], leader: { x: 20, toY: 200 } }, { boxes: [box(0, 30), box(30, 30)] }],
      {},
      options,
    );
    expect(placed[0]!.leader).toEqual({ x1: 20, y1: 14, x2: 20, y2: 200 });
    expect(placed[1]).toMatchObject({ choice: 1, clear: true });
    // A label placed below another whose own leader would cross that label must move.
    const second = placeLabels(
      [{ boxes: [box(0, 30)] }, { boxes: [box(0, 0)], leader: { x: 20, toY: 200 } }],
      {},
      { ...options, bounds: { top: 0, bottom: 100 } },
    );
    expect(segmentCrossesBox(second[1]!.leader!, second[0]!.box)).toBe(false);
  });

  it('says when no place is free, and takes the least crowded', () => {
    const walls = [0, 10, 20, 30].map((y) => ({ x1: -10, y1: y + 5, x2: 90, y2: y + 5 }));
    const [placed] = placeLabels(
      [{ boxes: [box(0, 10)] }],
      { segments: walls },
      { ...options, maxShiftPx: 4 },
    );
    expect(placed!.clear).toBe(false);
  });
});

describe('labelCollisions', () => {
  it('lists overlapping pairs and crossed labels', () => {
    const result = labelCollisions(
      [box(0, 0), box(20, 5), box(0, 100)],
      [{ x1: -5, y1: 106, x2: 50, y2: 106 }],
    );
    expect(result).toEqual({ overlapping: [[0, 1]], crossed: [2] });
  });
});

describe('wordCollisions', () => {
  it('names the words that overlap and the words a line crosses', () => {
    const word = (text: string, b: LabelBox) => ({
      key: text,
      text,
      x: b.x,
      y: b.y,
      anchor: 'start' as const,
      box: b,
    });
    const result = wordCollisions(
      [word('GPU', box(0, 0)), word('CPU', box(20, 5)), word('model', box(0, 100))],
      [{ x1: -5, y1: 106, x2: 50, y2: 106 }],
    );
    expect(result).toEqual({ overlapping: ['GPU / CPU'], crossed: ['model'] });
  });
});
