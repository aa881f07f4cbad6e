import { describe, expect, it } from 'vitest';
import { resolveUse } from './use';

const decoder = { id: 'lm', family: 'decoder', maxSeq: 1024 } as const;
const encoder = { id: 'enc', family: 'encoder', maxSeq: 512 } as const;
const cnn = { id: 'cnn', family: 'cnn', maxSeq: null } as const;

describe('resolveUse', () => {
  it('resolves a whole sequence and a decode step', () => {
    expect(resolveUse(decoder, { seq: 100, mode: 'train' })).toEqual({
      training: true,
      decode: false,
      seq: 100,
      tokens: 100,
      keys: 100,
      mlmPositions: 'all',
    });
    expect(() =>
      resolveUse(decoder, { seq: 100, mode: 'train', mlmPositions: 'some' as never }),
    ).toThrow(/mlmPositions/);
    expect(resolveUse(decoder, { seq: 100, mode: 'inference', phase: 'decode' })).toMatchObject({
      training: false,
      decode: true,
      tokens: 1,
      keys: 100,
    });
    expect(resolveUse(decoder, { seq: 100, mode: 'inference', phase: 'prefill' }).tokens).toBe(100);
  });

  it('checks seq against the position table', () => {
    expect(() => resolveUse(decoder, { seq: 1025, mode: 'train' })).toThrow(
      /lm: seq must be at most 1024/,
    );
    expect(() => resolveUse(decoder, { seq: 0, mode: 'train' })).toThrow(/lm: seq/);
    expect(() => resolveUse(decoder, { seq: 2.5, mode: 'train' })).toThrow(/lm: seq/);
    expect(resolveUse(cnn, { seq: 10 ** 9, mode: 'inference' }).seq).toBe(10 ** 9);
  });

  it('keeps prefill and decode to decoder models at inference', () => {
    expect(() => resolveUse(decoder, { seq: 8, mode: 'train', phase: 'decode' })).toThrow(
      /phase "decode" is for decoder language models at inference only/,
    );
    expect(() => resolveUse(encoder, { seq: 8, mode: 'inference', phase: 'prefill' })).toThrow(
      /enc: phase "prefill"/,
    );
    expect(resolveUse(encoder, { seq: 8, mode: 'inference', phase: 'forward' }).tokens).toBe(8);
    expect(() => resolveUse(cnn, { seq: 1, mode: 'eval' as never })).toThrow(/cnn: mode/);
    expect(() =>
      resolveUse(decoder, { seq: 1, mode: 'inference', phase: 'generate' as never }),
    ).toThrow(/lm: phase must be one of/);
    expect(() => resolveUse(cnn, null as never)).toThrow(/options must be an object/);
  });
});
