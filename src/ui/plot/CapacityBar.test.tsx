// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CapacityBar, stackParts } from './CapacityBar';

const GIB = 2 ** 30;

describe('the capacity bar', () => {
  it('stacks the parts in order, each from where the one before ends', () => {
    expect(stackParts(['a', 'b', 'c'] as const, { a: 3, b: 0, c: 5 })).toEqual([
      { part: 'a', bytes: 3, start: 0 },
      { part: 'b', bytes: 0, start: 3 },
      { part: 'c', bytes: 5, start: 3 },
    ]);
  });

  it('draws a rect per part with bytes, the capacity line and its size; a part past it widens the axis', () => {
    const parts = stackParts(['weights', 'kv', 'free'] as const, {
      weights: 60 * GIB,
      kv: 30 * GIB,
      free: 0,
    });
    const { container } = render(
      <CapacityBar
        parts={parts}
        capacityBytes={80 * GIB}
        widthPx={500}
        name={{ idPrefix: 'm', title: 'Memory', description: 'Too much.' }}
        classPrefix="xx"
      />,
    );
    const rects = [...container.querySelectorAll('rect.xx-mem')];
    expect(rects.map((r) => r.getAttribute('data-part'))).toEqual(['weights', 'kv']);
    expect(rects[1]!.classList.contains('xx-mem--kv')).toBe(true);
    const capacity = container.querySelector('line.xx-membar__capacity')!;
    const kvEnd = Number(rects[1]!.getAttribute('x')) + Number(rects[1]!.getAttribute('width'));
    // 90 GiB of parts against 80 GiB: the capacity line sits inside the bar, at 8/9 of its end.
    expect(Number(capacity.getAttribute('x1')) / kvEnd).toBeCloseTo(80 / 90, 6);
    expect(container.querySelector('.xx-membar__label')!.textContent).toBe('80 GiB on the GPU');
  });
});
