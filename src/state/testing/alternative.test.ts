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
      expect(serializeState(schema, state as never).length).toBeGreaterThan(0);
    });
  }
});
