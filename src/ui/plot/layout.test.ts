import { describe, expect, it } from 'vitest';
import { isNarrowPlot, plotLayout } from './layout';

const margin = { top: 10, right: 20, bottom: 40, left: 60 };
const sizing = { aspect: 0.5, minHeightPx: 200, maxHeightPx: 400, minInnerWidthPx: 100 };

describe('plotLayout', () => {
  it('follows the width within the height limits', () => {
    expect(plotLayout(600, margin, sizing)).toEqual({
      widthPx: 600,
      heightPx: 300,
      margin,
      innerWidthPx: 520,
      innerHeightPx: 250,
    });
    expect(plotLayout(300, margin, sizing).heightPx).toBe(200);
    expect(plotLayout(1200, margin, sizing).heightPx).toBe(400);
  });

  it('keeps a minimum plot width on very narrow screens', () => {
    expect(plotLayout(120, margin, sizing).innerWidthPx).toBe(100);
  });

  it('takes the narrow sides of the margin below 480 px only', () => {
    const chart = { ...margin, narrow: { left: 40 } };
    expect(plotLayout(480, chart, sizing).margin).toEqual(margin);
    expect(plotLayout(479, chart, sizing)).toMatchObject({
      margin: { ...margin, left: 40 },
      innerWidthPx: 479 - 40 - 20,
    });
  });

  it('switches to the narrow form below 480 px', () => {
    expect(isNarrowPlot(479)).toBe(true);
    expect(isNarrowPlot(480)).toBe(false);
  });
});
