import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, historyDown, historyUp, pushHistory } from './history';

describe('console history', () => {
  it('walks back and forth and returns to the draft', () => {
    let h = pushHistory(pushHistory(EMPTY_HISTORY, 'a = 1'), 'b = 2');
    let step = historyUp(h, 'draft');
    expect(step.text).toBe('b = 2');
    h = step.state;
    step = historyUp(h, step.text);
    expect(step.text).toBe('a = 1');
    step = historyUp(step.state, step.text);
    expect(step.text).toBe('a = 1');
    step = historyDown(step.state, step.text);
    expect(step.text).toBe('b = 2');
    step = historyDown(step.state, step.text);
    expect(step.text).toBe('draft');
    expect(step.state.index).toBeNull();
  });

  it('skips blanks and immediate repeats, and keeps the newest entries', () => {
    let h = EMPTY_HISTORY;
    for (const line of ['x', 'x', '  ', 'y']) h = pushHistory(h, line);
    expect(h.entries).toEqual(['x', 'y']);
    for (let i = 0; i < 150; i++) h = pushHistory(h, `line ${i}`);
    expect(h.entries).toHaveLength(100);
    expect(h.entries.at(-1)).toBe('line 149');
    expect(historyDown(EMPTY_HISTORY, 'typed').text).toBe('typed');
    expect(historyUp(EMPTY_HISTORY, 'typed').text).toBe('typed');
  });
});
