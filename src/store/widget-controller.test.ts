import { describe, expect, it } from 'vitest';
import { WidgetController } from './widget-controller';

/** A counter controller: the smallest widget controller there is. */
class Counter extends WidgetController<{ count: number; label: string }> {
  constructor() {
    super({ count: 0, label: 'start' });
  }
  increment(): void {
    this.patchState({ count: this.getState().count + 1 });
  }
  reset(): void {
    this.replaceState({ count: 0, label: 'reset' });
  }
}

describe('WidgetController', () => {
  it('keeps state in a store, notifies subscribers with a new object per change', () => {
    const counter = new Counter();
    const seen: Array<{ count: number; label: string }> = [];
    const stop = counter.subscribe((state) => seen.push(state));
    const first = counter.getState();
    counter.increment();
    counter.increment();
    expect(counter.getState()).toEqual({ count: 2, label: 'start' });
    expect(counter.getState()).not.toBe(first);
    counter.reset();
    expect(seen.map((s) => s.count)).toEqual([1, 2, 0]);
    expect(seen.at(-1)?.label).toBe('reset');
    stop();
    counter.increment();
    expect(seen).toHaveLength(3);
  });
});
