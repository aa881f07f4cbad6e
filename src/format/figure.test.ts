import { describe, expect, it } from 'vitest';
import { figureTitle } from './figure';

describe('figureTitle', () => {
  it('names the kind and the source, and the note when there is one', () => {
    expect(figureTitle({ value: 1, unit: 'B', source: 'Datasheet', kind: 'vendor-peak' })).toBe(
      'Vendor peak. Source: Datasheet',
    );
    expect(
      figureTitle({ value: 1, unit: 'B', source: 'A run', kind: 'measured', note: '4255 / 4800' }),
    ).toBe('Measured. Source: A run. Note: 4255 / 4800');
    expect(figureTitle({ value: 1, unit: 'B', source: 'Us', kind: 'estimate' })).toBe(
      'Estimate. Source: Us',
    );
  });
});
