import { describe, expect, it } from 'vitest';
import { checkState, type AnyWidgetSchema } from '../schema';
import { serializeState } from '../pairs';
import { EXAMPLE_SCHEMAS } from './example-schemas';
import { alternativeState } from './alternative';

describe('alternativeState', () => {
  for (const schema of EXAMPLE_SCHEMAS as readonly AnyWidgetSchema[]) {
    it(`gives ${schema.id} a valid state that differs from the defaults`, () => {
      const state = alternativeState(schema);
      expect(checkState(schema, state, state as never).notices).toEqual([]);
      // Every field moves off its default, so a link carries every key (and the version above 1).
      const keys = serializeState(schema, state as never).map(([key]) => key);
      const fieldKeys = Object.values(schema.fields).map((f) => `${schema.id}.${f.key}`);
      expect(keys).toEqual(schema.version > 1 ? [`${schema.id}.v`, ...fieldKeys] : fieldKeys);
    });
  }
});
