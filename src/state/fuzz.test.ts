import { describe, expect, it } from 'vitest';
import { fuzzSchema, noticeProblems, stateProblems } from './testing/fuzz';
import { EXAMPLE_SCHEMAS, raceLikeSchema } from './testing/example-schemas';

/** Rounds per schema; each round runs three cases (hostile query, hostile props, round trip). */
const ROUNDS = 2000;

describe('fuzzSchema', () => {
  for (const schema of EXAMPLE_SCHEMAS) {
    it(`holds every invariant for ${schema.id} over ${ROUNDS * 3} seeded cases`, () => {
      for (const seed of [1, 0xbad5eed]) {
        const report = fuzzSchema(schema, ROUNDS / 2, seed);
        expect(report.failures).toEqual([]);
        expect(report.cases).toBe((ROUNDS / 2) * 3);
      }
    });
  }

  it('catches a schema whose parser is broken (the checks are not vacuous)', () => {
    // A cross-field check that returns an out-of-range value and is not idempotent.
    const broken = {
      ...raceLikeSchema,
      check: (s: typeof raceLikeSchema.defaults) => ({
        state: { ...s, tasks: s.tasks + 1 },
        notices: [],
      }),
    };
    const report = fuzzSchema(broken, 50, 7);
    expect(report.failures[0]).toMatch(/^race seed 7 #\d+ /);
    // Both faults are named: a checked state that is not settled, and a link that does not
    // round-trip (tasks comes back one higher).
    expect(report.failures).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/ query: a valid state is not settled: Tasks can be at most/),
        expect.stringMatching(/ round trip: round trip changed \{"tasks":\d+,.* into \{"tasks":/),
      ]),
    );
  });

  it('flags states and notices that break the rules', () => {
    expect(stateProblems(raceLikeSchema, { tasks: 0, iterations: 1, serialPercent: 0 })).toEqual([
      'tasks = 0 is not valid',
      'a valid state is not settled: Tasks must be at least 1; using 1.',
    ]);
    expect(stateProblems(raceLikeSchema, { tasks: 1, iterations: 1 })[0]).toMatch(/keys/);
    const long = 'x'.repeat(100);
    expect(noticeProblems([`bad ${long}`], `?a=${long}`)[0]).toMatch(/echoes/);
    expect(noticeProblems(['fine'], long)).toEqual([]);
    expect(noticeProblems(['a\u202eb'], '')[0]).toMatch(/control/);
  });
});
