import { describe, expect, it } from 'vitest';
import { LAB_KERNEL_IDS } from '../../gpu';
import { compare } from './compare';
import { DEFAULT_CATALOG_GPU, predictModeled } from './model';
import { plotPoints } from './plot-data';
import { rooflineGeometry } from './roofline';
import { DEFAULT_SIZES } from './settings';
import { fakeMeasured } from './test-fixtures';

describe('the roofline plot’s points', () => {
  // The browser test runs only some kernels; a kernel the engine cannot model would lose its
  // modeled point without a message, so every one is checked here.
  it.each(LAB_KERNEL_IDS)('plots %s measured and modeled, on the axes', (kernel) => {
    const measured = fakeMeasured(kernel, DEFAULT_SIZES[kernel], 0.002);
    const comparison = compare(measured, DEFAULT_CATALOG_GPU, predictModeled);
    expect(comparison.modelError).toBeNull();
    const points = plotPoints([comparison]);
    expect(points.map((p) => [p.id, p.source])).toEqual([
      [kernel, 'measured'],
      [kernel, 'modeled'],
    ]);
    const { xDomain, yDomain, points: placed } = rooflineGeometry([], points);
    for (const p of placed) {
      expect(p.x, `${p.source} intensity`).toBeGreaterThanOrEqual(xDomain[0]);
      expect(p.x, `${p.source} intensity`).toBeLessThanOrEqual(xDomain[1]);
      expect(p.y, `${p.source} rate`).toBeGreaterThan(0);
      expect(p.y, `${p.source} rate`).toBeGreaterThanOrEqual(yDomain[0]);
      expect(p.y, `${p.source} rate`).toBeLessThanOrEqual(yDomain[1]);
    }
  });

  it('leaves out a kernel whose output did not match, and plots no prediction the engine refused', () => {
    const wrong = compare(
      fakeMeasured('relu', { elements: 1000 }, 0.001, false),
      DEFAULT_CATALOG_GPU,
      predictModeled,
    );
    expect(plotPoints([wrong])).toEqual([]);
    const refused = compare(fakeMeasured('copy', { elements: 1000 }, 0.001), 'no-gpu', () => {
      throw new RangeError('no such GPU');
    });
    expect(plotPoints([refused]).map((p) => p.source)).toEqual(['measured']);
  });
});
