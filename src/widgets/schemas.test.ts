import { describe, expect, it } from 'vitest';
import { fuzzSchema } from '../state/testing/fuzz';
import { loadWidgetSchemas, WIDGETS } from './registry';

/** Rounds per seed; each round runs three cases (hostile query, hostile props, round trip). */
const ROUNDS = 400;
const WIDGET_SCHEMAS = await loadWidgetSchemas();

describe('every widget’s state schema', () => {
  it('belongs to its widget: each declaration’s schema has the widget’s own id', () => {
    expect(WIDGET_SCHEMAS.map((s) => s.id)).toEqual(WIDGETS.map((w) => w.id));
    expect(new Set(WIDGETS.map((w) => w.id)).size).toBe(WIDGETS.length);
    expect(new Set(WIDGETS.map((w) => w.tag)).size).toBe(WIDGETS.length);
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
