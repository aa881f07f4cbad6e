/**
 * Schemas for tests: the race's own schema (integer fields with limits and a cross-field cap),
 * and small ones for what no single widget has together: every field kind, a catalog enum from a
 * function, a list with a maximum length, and a versioned schema with a migration. Not used by
 * the app.
 */
import { GPU_IDS } from '../../engine/catalog';
import { raceSchema } from '../../widgets/race/settings';
import {
  booleanField,
  defineWidgetSchema,
  enumField,
  enumListField,
  integerField,
  numberField,
  type FieldMap,
  type WidgetSchema,
  type WidgetSchemaSpec,
} from '../schema';

/**
 * A real schema cut down to some of its fields, with its own cross-field rule and migration
 * (which must read only those fields).
 */
export function withFields<F extends FieldMap, K extends keyof F & string>(
  schema: WidgetSchema<F>,
  names: readonly K[],
): WidgetSchema<Pick<F, K>> {
  const fields = Object.fromEntries(names.map((name) => [name, schema.fields[name]])) as Pick<F, K>;
  const check = schema.check as WidgetSchemaSpec<Pick<F, K>>['check'];
  return defineWidgetSchema<Pick<F, K>>({
    id: schema.id,
    version: schema.version,
    fields,
    ...(check ? { check } : {}),
    ...(schema.migrate ? { migrate: schema.migrate } : {}),
  });
}

/** The race's schema, its job alone (no GPU): integer fields with limits and a cross-field cap. */
export const raceLikeSchema = withFields(raceSchema, ['tasks', 'iterations', 'serialPercent']);

/** A number field with decimal places, and a boolean. */
export const numberSchema = defineWidgetSchema({
  id: 'amdahl',
  version: 1,
  fields: {
    parallelPercent: numberField({
      key: 'p',
      label: 'Parallel share',
      default: 95,
      min: 0,
      max: 100,
      decimals: 1,
    }),
    scale: numberField({ key: 'scale', label: 'Scale', default: 1, min: -1e6, max: 1e21 }),
    logAxis: booleanField({ key: 'log', label: 'Log axis', default: true }),
  },
});

/** Catalog GPU ids: one enum from a function, one list with a maximum length. */
export const gpuSchema = defineWidgetSchema({
  id: 'spec-table',
  version: 1,
  fields: {
    gpu: enumField({ key: 'gpu', label: 'GPU', default: 'h100-sxm', values: () => GPU_IDS }),
    gpus: enumListField({
      key: 'gpus',
      label: 'GPUs',
      default: ['a100-sxm-80gb', 'h100-sxm'],
      values: () => GPU_IDS,
      maxLength: 4,
    }),
    pinned: booleanField({ key: 'pinned', label: 'Pinned memory', default: false }),
    dtype: enumField({
      key: 'dtype',
      label: 'Data type',
      default: 'fp32',
      values: ['fp32', 'bf16'],
    }),
  },
});

/** Version 2: the URL key `n` of version 1 became `size`. */
export const versionedSchema = defineWidgetSchema({
  id: 'transfer',
  version: 2,
  fields: {
    sizeMiB: integerField({ key: 'size', label: 'Size', default: 256, min: 1, max: 4096 }),
    gpus: enumListField({
      key: 'gpus',
      label: 'GPUs',
      default: ['h100-sxm'],
      values: () => GPU_IDS,
      maxLength: 3,
      minLength: 1,
    }),
  },
  migrate(fromVersion, raw) {
    const out = new Map(raw);
    if (fromVersion < 2 && out.has('n')) {
      out.set('size', out.get('n') ?? '');
      out.delete('n');
    }
    return out;
  },
});

/** Every example schema, for the fuzz test. */
export const EXAMPLE_SCHEMAS = [raceLikeSchema, numberSchema, gpuSchema, versionedSchema] as const;
