import { describe, expect, it } from 'vitest';
import { createRng } from './hostile';
import { fuzzReader, messageProblems, mutateBytes, mutateJson, mutateLine, nested } from './mutate';

describe('seeded mutations for reader fuzzing', () => {
  it('replays exactly from a seed and never changes its input', () => {
    const bytes = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
    const value = { a: [1, { b: 'c' }], d: null };
    const run = (seed: number) => {
      const rng = createRng(seed);
      return [
        Array.from(mutateBytes(rng, bytes)),
        mutateLine(rng, 'x = torch.ones(2, 3)', ['@', '**']),
        JSON.stringify(mutateJson(rng, value)).slice(0, 500),
      ];
    };
    expect(run(9)).toEqual(run(9));
    expect(run(9)).not.toEqual(run(10));
    expect(Array.from(bytes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(value).toEqual({ a: [1, { b: 'c' }], d: null });
  });

  it('nests and flags bad messages', () => {
    expect(nested('[', ']', 3, '1')).toBe('[[[1]]]');
    expect(messageProblems('Fine.', 10)).toEqual([]);
    expect(messageProblems('', 10)).toEqual(['message is empty']);
    expect(messageProblems(undefined, 10)).toEqual(['message is undefined, not text']);
    expect(messageProblems('x'.repeat(11), 10)[0]).toMatch(/11 chars/);
    expect(messageProblems('a\u202eb', 10)[0]).toMatch(/control/);
  });

  it('reports a reader that throws, naming seed and case, and stops after ten', async () => {
    const report = await fuzzReader(
      3,
      50,
      (rng) => rng.int(0, 9),
      (n) => {
        if (n > 4) throw new RangeError('boom');
        return [];
      },
    );
    expect(report.failures).toHaveLength(10);
    expect(report.failures[0]).toMatch(/^seed 3 #\d+: threw RangeError: boom \(input \d\)$/);
    expect(report.cases).toBeLessThan(50);
  });
});
