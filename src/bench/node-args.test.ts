import { describe, expect, it } from 'vitest';
import { parseNodeBenchArgs } from './node-args';

describe('the Node benchmark’s arguments', () => {
  it('reads --out and --repetitions, spaced or with =', () => {
    expect(parseNodeBenchArgs([], 3)).toEqual({
      outDirectory: null,
      repetitions: 3,
      copySweep: false,
    });
    expect(parseNodeBenchArgs(['--out', 'docs/runs', '--repetitions=5'], 3)).toEqual({
      outDirectory: 'docs/runs',
      repetitions: 5,
      copySweep: false,
    });
    expect(parseNodeBenchArgs(['--copy-sweep'], 3).copySweep).toBe(true);
  });

  it('refuses unknown arguments, missing values and bad counts', () => {
    expect(() => parseNodeBenchArgs(['--fast'], 3)).toThrow(/unknown argument --fast/);
    expect(() => parseNodeBenchArgs(['--copy-sweep=1'], 3)).toThrow(/unknown argument/);
    expect(() => parseNodeBenchArgs(['--out'], 3)).toThrow(/--out needs a value/);
    expect(() => parseNodeBenchArgs(['--repetitions', '0'], 3)).toThrow(/whole number/);
    expect(() => parseNodeBenchArgs(['--repetitions', '2.5'], 3)).toThrow(/whole number/);
  });
});
