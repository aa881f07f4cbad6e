/**
 * Representative schemas for tests: every field kind, a cross-field rule, a catalog enum and a
 * versioned schema with a migration. Not used by the app.
 */
import { GPU_IDS } from '../../engine/catalog';
import {
  booleanField,
  defineWidgetSchema,
  enumField,
  enumListField,
  integerField,
  numberField,
} from '../schema';

/** Largest tasks × work a race-like job may have. */
export const MAX_JOB_STEPS = 400_000_000;

/** Integer fields with limits and a cross-field cap, like the race's. */
export const raceLikeSchema = defineWidgetSchema({
  id: 'race',
  version: 1,
  fields: {
    tasks: integerField({ key: 'tasks', label: 'Tasks', default: 4096, min: 1, max: 1_048_576 }),
    iterations: integerField({
      key: 'work',
      label: 'Work per task',
      default: 2000,
      min: 1,
      max: 20_000,
    }),
    serialPercent: integerField({
      key: 'serial',
      label: 'Serial fraction',
      default: 0,
      min: 0,
      max: 50,
    }),
  },
  check(state) {
    if (state.tasks * state.iterations <= MAX_JOB_STEPS) return { state, notices: [] };
    const iterations = Math.max(1, Math.floor(MAX_JOB_STEPS / state.tasks));
    return {
      state: { ...state, iterations },
      notices: [`That job would take too long here; work per task reduced to ${iterations}.`],
    };
  },
});

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
