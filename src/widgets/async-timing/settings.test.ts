import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { serializeState } from '../../state/pairs';
import { asyncTimingSchema } from './settings';

describe('the async timing demo’s settings', () => {
  it('starts on the automatic size and five warm runs, and a default link carries nothing', () => {
    expect(asyncTimingSchema.defaults).toEqual({ size: 'auto', warmRuns: 5 });
    expect(serializeState(asyncTimingSchema, asyncTimingSchema.defaults)).toEqual([]);
  });

  it('replaces an unknown size and clamps the warm runs, saying so', () => {
    const checked = checkState(asyncTimingSchema, { size: '4096', warmRuns: 500 });
    expect(checked.state).toEqual({ size: 'auto', warmRuns: 15 });
    expect(checked.notices).toHaveLength(2);
  });
});
