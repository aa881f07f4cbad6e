import { describe, expect, it } from 'vitest';
import { fuzzSchema } from '../state/testing/fuzz';
import { WIDGETS } from './registry';
import { WIDGET_SCHEMAS } from './schemas';

/** Rounds per seed; each round runs three cases (hostile query, hostile props, round trip). */
const ROUNDS = 700;

describe('every widget’s state schema', () => {
  it('exists for every registered widget, one each, in the registry’s order', () => {
    expect(WIDGET_SCHEMAS.map((s) => s.id)).toEqual(WIDGETS.map((w) => w.id));
  });

  for (const schema of WIDGET_SCHEMAS) {
    it(`${schema.id}: never throws and stays valid over ${ROUNDS * 6} hostile and random cases`, () => {
      for (const seed of [11, 0x5eed]) {
        const report = fuzzSchema(schema, ROUNDS, seed);
        expect(report.failures).toEqual([]);
        expect(report.cases).toBe(ROUNDS * 3);
      }
    });
  }
});
