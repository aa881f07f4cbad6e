import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  booleanField,
  checkState,
  defineWidgetSchema,
  enumField,
  integerField,
  type SchemaState,
} from './schema';
import { gpuSchema, numberSchema, raceLikeSchema } from './testing/example-schemas';
import type { CatalogGpuId as GpuId } from '../engine/catalog';

describe('defineWidgetSchema', () => {
  it('infers the state type from the fields and works out the defaults', () => {
    expectTypeOf<SchemaState<typeof gpuSchema>>().toEqualTypeOf<{
      readonly gpu: GpuId;
      readonly gpus: readonly GpuId[];
      readonly pinned: boolean;
      readonly dtype: 'fp32' | 'bf16';
    }>();
    expect(raceLikeSchema.defaults).toEqual({ tasks: 4096, iterations: 2000, serialPercent: 0 });
  });

  it('refuses schemas that cannot work', () => {
    const tasks = integerField({ key: 'tasks', label: 'Tasks', default: 5, min: 1, max: 10 });
    const define = (over: object) =>
      defineWidgetSchema({ id: 'race', version: 1, fields: { tasks }, ...over });
    expect(() => define({ id: 'Race!' })).toThrow(/id/);
    expect(() => define({ version: 0 })).toThrow(/version/);
    expect(() => define({ fields: { a: tasks, b: tasks } })).toThrow(/repeats/);
    expect(() => define({ fields: { tasks: { ...tasks, default: 11 } } })).toThrow(/default/);
    expect(() => define({ fields: { tasks: { ...tasks, key: 'v' } } })).toThrow(/URL key/);
    expect(() => define({ fields: { tasks: { ...tasks, min: 2.5 } } })).toThrow(/limits/);
    expect(() => define({ fields: { tasks: { ...tasks, min: 0, scale: 'log' } } })).toThrow(/log/);
    expect(() => define({ fields: { tasks: { ...tasks, step: 0 } } })).toThrow(/step/);
    expect(define({ fields: { tasks: { ...tasks, scale: 'log', step: 2 } } }).defaults).toEqual({
      tasks: 5,
    });
    const named = (name: string) => ({
      [name]: booleanField({ key: 'c', label: 'C', default: true }),
    });
    expect(() => define({ fields: named('constructor') })).toThrow(/not allowed/);
  });
});

describe('checkState', () => {
  const check = (input: unknown) => checkState(raceLikeSchema, input);

  it('keeps valid input as it is, without notices', () => {
    expect(check({ tasks: 16, iterations: 100, serialPercent: 5 })).toEqual({
      state: { tasks: 16, iterations: 100, serialPercent: 5 },
      notices: [],
    });
  });

  it('clamps out-of-range values and says so', () => {
    expect(check({ tasks: 2_000_000, serialPercent: -3 })).toEqual({
      state: { tasks: 1_048_576, iterations: 381, serialPercent: 0 },
      notices: [
        'Tasks can be at most 1,048,576; using 1,048,576.',
        'Serial fraction must be at least 0; using 0.',
        '2.1e+9 steps would take too long here; work per task reduced to 381.',
      ],
    });
  });

  it('replaces malformed values by the default and rounds integers', () => {
    const { state, notices } = check({ tasks: 'lots', iterations: '2.5', serialPercent: '0x10' });
    expect(state).toEqual({ tasks: 4096, iterations: 3, serialPercent: 0 });
    expect(notices).toEqual([
      'Tasks must be a whole number; using 4,096.',
      'Work per task must be a whole number; using 3.',
      'Serial fraction must be a whole number; using 0.',
    ]);
  });

  it('reads numbers, booleans, enums from a function, and lists', () => {
    expect(
      checkState(numberSchema, { parallelPercent: '99.94', scale: '-0', logAxis: 'off' }),
    ).toEqual({ state: { parallelPercent: 99.9, scale: 0, logAxis: false }, notices: [] });
    expect(Object.is(checkState(numberSchema, { scale: -0 }).state.scale, 0)).toBe(true);
    expect(checkState(numberSchema, { scale: '1e309' }).notices).toEqual([
      'Scale can be at most 1,000,000,000,000,000,000,000; using 1,000,000,000,000,000,000,000.',
    ]);
    const gpus = checkState(gpuSchema, {
      gpu: 'tpu-v5',
      gpus: 'h100-sxm,h100-sxm, rtx-4090,,nope,a100-sxm-40gb,h200-sxm,apple-m2',
      pinned: true,
    });
    expect(gpus.state).toEqual({
      gpu: 'h100-sxm',
      gpus: ['h100-sxm', 'rtx-4090', 'a100-sxm-40gb', 'h200-sxm'],
      pinned: true,
      dtype: 'fp32',
    });
    expect(gpus.notices).toEqual([
      'GPU: "tpu-v5" is not one of the choices; using h100-sxm.',
      'GPUs: "nope" is not one of the choices; left out.',
      'GPUs can list at most 4; keeping the first 4.',
    ]);
  });

  it('lays input over a base state; absent and undefined fields keep the base', () => {
    const base = { tasks: 16, iterations: 100, serialPercent: 5 };
    expect(checkState(raceLikeSchema, { tasks: undefined, serialPercent: 7 }, base).state).toEqual({
      ...base,
      serialPercent: 7,
    });
  });

  it('never throws: non-objects, throwing getters, prototype keys', () => {
    for (const input of [null, undefined, 42, 'x', [1], Symbol('s'), () => 1]) {
      expect(check(input).state).toEqual(raceLikeSchema.defaults);
    }
    expect(check(42).notices).toEqual(['These settings could not be read; using the usual ones.']);
    const trap = Object.defineProperty({}, 'tasks', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(check(trap)).toEqual({
      state: raceLikeSchema.defaults,
      notices: ['Tasks must be a whole number; using 4,096.'],
    });
    const polluted = JSON.parse('{"__proto__": {"tasks": 3}, "constructor": {"tasks": 3}}');
    expect(check(polluted).state).toEqual(raceLikeSchema.defaults);
    expect(({} as Record<string, unknown>)['tasks']).toBeUndefined();
  });

  it('survives a cross-field check that throws or returns garbage', () => {
    const flag = booleanField({ key: 'f', label: 'Flag', default: false });
    const mode = enumField({ key: 'm', label: 'Mode', default: 'a', values: ['a', 'b'] });
    const throwing = defineWidgetSchema({
      id: 'x',
      version: 1,
      fields: { flag },
      check() {
        throw new Error('bug');
      },
    });
    expect(checkState(throwing, { flag: true })).toEqual({
      state: { flag: false },
      notices: ['These settings could not be checked; using the usual ones.'],
    });
    const garbage = defineWidgetSchema({
      id: 'y',
      version: 1,
      fields: { mode },
      check: () => ({ state: { mode: 'zzz' as 'a' }, notices: [] }),
    });
    expect(checkState(garbage, { mode: 'b' }).state).toEqual({ mode: 'a' });
  });
});
