/**
 * A valid state that differs from a schema's defaults in as many fields as possible: what a
 * browser test puts in a link to check that a widget's settings survive the round trip.
 */
import { allowedValues, roundTo, type Field } from '../fields';
import { checkState, type AnyWidgetSchema } from '../schema';

/** A valid value of `field` other than its default, when the field allows one. */
export function otherValue(field: Field): unknown {
  switch (field.kind) {
    case 'boolean':
      return !field.default;
    case 'integer':
    case 'number': {
      const span = field.max - field.min;
      if (span <= 0) return field.default;
      // A quarter of the way from the default toward the farther limit: inside both limits.
      const toward = field.max - field.default >= field.default - field.min ? field.max : field.min;
      const step = (toward - field.default) / 4;
      const value = field.default + step;
      return field.kind === 'integer'
        ? Math.round(value) === field.default
          ? toward
          : Math.round(value)
        : roundTo(value, field.decimals);
    }
    case 'enum': {
      const values = allowedValues(field);
      return values.findLast((v) => v !== field.default) ?? field.default;
    }
    case 'enum-list': {
      const values = allowedValues(field);
      const min = field.minLength ?? 0;
      const first = values.slice(0, Math.max(1, min));
      const same =
        first.length === field.default.length && first.every((v, i) => v === field.default[i]);
      return same ? values.slice(0, Math.min(values.length, first.length + 1)) : first;
    }
  }
}

/** The schema's state with every field moved off its default, then settled by its own check. */
export function alternativeState(schema: AnyWidgetSchema): Record<string, unknown> {
  const raw = Object.fromEntries(
    Object.entries(schema.fields).map(([name, field]) => [name, otherValue(field)]),
  );
  return checkState(schema, raw).state as Record<string, unknown>;
}
