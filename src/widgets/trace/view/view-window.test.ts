import { describe, expect, it } from 'vitest';
import { firstVisible, fullWindow, panWindow, windowForKey, zoomWindow } from './view-window';

describe('view window', () => {
  const full = fullWindow(1000);

  it('zooms about the anchor and never past the trace', () => {
    expect(zoomWindow(full, 2, 0.5, 1000)).toEqual({ startUs: 250, endUs: 750 });
    expect(zoomWindow(full, 4, 0, 1000)).toEqual({ startUs: 0, endUs: 250 });
    expect(zoomWindow(full, 0.5, 0.5, 1000)).toEqual(full);
    expect(zoomWindow(full, 1e9, 0.5, 1000).endUs - zoomWindow(full, 1e9, 0.5, 1000).startUs).toBe(
      1,
    );
  });

  it('pans inside the trace', () => {
    const half = { startUs: 0, endUs: 500 };
    expect(panWindow(half, 0.2, 1000)).toEqual({ startUs: 100, endUs: 600 });
    expect(panWindow(half, -0.2, 1000)).toEqual(half);
    expect(panWindow(half, 5, 1000)).toEqual({ startUs: 500, endUs: 1000 });
  });

  it('maps the keys: arrows pan, + and - zoom, 0 resets, others pass', () => {
    expect(windowForKey('+', full, 1000)).toEqual({ startUs: 250, endUs: 750 });
    expect(windowForKey('-', { startUs: 250, endUs: 750 }, 1000)).toEqual(full);
    expect(windowForKey('ArrowRight', { startUs: 0, endUs: 100 }, 1000)).toEqual({
      startUs: 20,
      endUs: 120,
    });
    expect(windowForKey('0', { startUs: 5, endUs: 6 }, 1000)).toEqual(full);
    expect(windowForKey('a', full, 1000)).toBeNull();
  });

  it('finds the first event that may be visible', () => {
    const starts = Float64Array.from([0, 10, 20, 30, 40]);
    expect(firstVisible(starts, 5, 22)).toBe(2);
    expect(firstVisible(starts, 15, 22)).toBe(1);
    expect(firstVisible(starts, 0, 100)).toBe(5);
  });
});

describe('shortName', () => {
  it('folds template arguments and parameter lists', async () => {
    const { shortName } = await import('./view-text');
    expect(
      shortName(
        'void at::native::reduce_kernel<128, 4, at::native::ReduceOp<c10::BFloat16>>(at::native::ReduceOp<float>)',
      ),
    ).toBe('at::native::reduce_kernel<…>(…)');
    expect(shortName('nvjet_tst_192x128_64x5_1x2_h_bz_coopB_NNT')).toBe(
      'nvjet_tst_192x128_64x5_1x2_h_bz_coopB_NNT',
    );
    expect(shortName('x'.repeat(200))).toHaveLength(90);
  });
});
