import { describe, expect, it } from 'vitest';
import { readState, serializeState, widgetPrefix } from './pairs';
import { gpuSchema, raceLikeSchema, versionedSchema } from './testing/example-schemas';

const params = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('serializeState', () => {
  it('writes only the settings that differ from the baseline, with readable keys', () => {
    const state = { tasks: 1000, iterations: 2000, serialPercent: 5 };
    expect(serializeState(raceLikeSchema, state)).toEqual([
      ['race.tasks', '1000'],
      ['race.serial', '5'],
    ]);
    const baseline = { tasks: 1000, iterations: 100, serialPercent: 0 };
    expect(serializeState(raceLikeSchema, state, { baseline, prefix: 'race-b' })).toEqual([
      ['race-b.work', '2000'],
      ['race-b.serial', '5'],
    ]);
    expect(serializeState(raceLikeSchema, raceLikeSchema.defaults)).toEqual([]);
  });

  it('writes lists comma-separated and booleans as words', () => {
    const state = { ...gpuSchema.defaults, gpus: ['h100-sxm', 'rtx-4090'], pinned: true } as const;
    expect(serializeState(gpuSchema, state)).toEqual([
      ['spec-table.gpus', 'h100-sxm,rtx-4090'],
      ['spec-table.pinned', 'true'],
    ]);
    expect(serializeState(gpuSchema, { ...gpuSchema.defaults, gpus: [] })).toEqual([
      ['spec-table.gpus', ''],
    ]);
  });

  it('writes the version only when it is above 1, and only with settings', () => {
    expect(serializeState(versionedSchema, { ...versionedSchema.defaults, sizeMiB: 8 })).toEqual([
      ['transfer.v', '2'],
      ['transfer.size', '8'],
    ]);
    expect(serializeState(versionedSchema, versionedSchema.defaults)).toEqual([]);
  });
});

describe('readState', () => {
  it('reads its own prefix only, over the base, and says when it found nothing', () => {
    const read = readState(
      raceLikeSchema,
      params({ 'race.tasks': '1000', 'race-b.tasks': '7', 'other.x': '1', tasks: '9' }),
    );
    expect(read).toEqual({
      state: { tasks: 1000, iterations: 2000, serialPercent: 0 },
      notices: [],
      found: true,
    });
    const base = { tasks: 16, iterations: 100, serialPercent: 0 };
    expect(
      readState(raceLikeSchema, params({ 'race.x': '1' }), { base, prefix: 'race-b' }),
    ).toEqual({ state: base, notices: [], found: false });
  });

  it('ignores unknown keys under the prefix with a notice, and counts many of them', () => {
    expect(readState(raceLikeSchema, params({ 'race.bogus': '1' })).notices).toEqual([
      'race.bogus is not a setting of this widget; ignored.',
    ]);
    const many = params({ 'race.a': '1', 'race.b': '1', 'race.c': '1', 'race.d': '1' });
    expect(readState(raceLikeSchema, many).notices).toEqual([
      '4 keys starting race. are not settings of this widget; ignored.',
    ]);
    const long = readState(raceLikeSchema, params({ [`race.${'<b>'.repeat(50)}`]: '1' }));
    expect(long.notices[0]!.length).toBeLessThan(90);
  });

  it('checks every value: clamps, replaces and keeps the cross-field rule', () => {
    const read = readState(
      raceLikeSchema,
      params({ 'race.tasks': '1e309', 'race.work': 'NaN', 'race.serial': '5' }),
    );
    // The race's rule counts the serial stage too: 1,048,576 × 362 / 0.95 ≤ 400,000,000.
    expect(read.state).toEqual({ tasks: 1_048_576, iterations: 362, serialPercent: 5 });
    expect(read.notices).toEqual([
      'Tasks can be at most 1,048,576; using 1,048,576.',
      'Work per task must be a whole number; using 2,000.',
      '2.2e+9 steps would take too long here; work per task reduced to 362.',
    ]);
  });

  it('migrates pairs of an older version (no v means version 1)', () => {
    const read = readState(versionedSchema, params({ 'transfer.n': '64' }));
    expect(read).toEqual({
      state: { sizeMiB: 64, gpus: ['h100-sxm'] },
      notices: [],
      found: true,
    });
    expect(
      readState(versionedSchema, params({ 'transfer.v': '2', 'transfer.n': '64' })).notices,
    ).toEqual(['transfer.n is not a setting of this widget; ignored.']);
  });

  it('reads what it can of a newer version, and reads a broken version as current', () => {
    const newer = readState(
      raceLikeSchema,
      params({ 'race.v': '3', 'race.tasks': '9', 'race.q': '1' }),
    );
    expect(newer.state.tasks).toBe(9);
    expect(newer.notices).toEqual([
      'This link comes from a newer version of this widget; what it cannot read is ignored.',
      'race.q is not a setting of this widget; ignored.',
    ]);
    const broken = readState(versionedSchema, params({ 'transfer.v': 'x', 'transfer.size': '9' }));
    expect(broken.state.sizeMiB).toBe(9);
    expect(broken.notices).toEqual([
      'transfer.v is not a version number; reading the settings as current.',
    ]);
  });

  it('falls back to the base when a migration throws', () => {
    const fragile = {
      ...versionedSchema,
      migrate: () => {
        throw new Error('bug');
      },
    };
    const read = readState(fragile, params({ 'transfer.n': '64' }));
    expect(read.state).toEqual(versionedSchema.defaults);
    expect(read.notices).toEqual([
      'This link comes from an older version of this widget that cannot be read.',
    ]);
  });

  it('enforces a list minimum by falling back to the default', () => {
    const read = readState(versionedSchema, params({ 'transfer.v': '2', 'transfer.gpus': 'x,y' }));
    expect(read.state.gpus).toEqual(['h100-sxm']);
    expect(read.notices).toEqual([
      'GPUs: 2 entries are not among the choices; left out.',
      'GPUs needs at least 1; using h100-sxm.',
    ]);
  });
});

describe('widgetPrefix', () => {
  it('names a second instance, and ignores instance names that are not plain', () => {
    expect(widgetPrefix('race')).toBe('race');
    expect(widgetPrefix('race', 'b')).toBe('race-b');
    expect(widgetPrefix('race', '../x')).toBe('race');
    expect(widgetPrefix('race', 'B')).toBe('race');
  });
});
