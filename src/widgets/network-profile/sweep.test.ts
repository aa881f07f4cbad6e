import { describe, expect, it } from 'vitest';
import { analyzeProfile } from './analysis';
import { engineProfileModel } from './browser-deps';
import type { ProfileRow } from './profile';
import { secondsOfKind, seqSweep, sweepSeqs } from './sweep';
import { EAGER_HOST } from './testing/requests';

/** A row of `kind` taking `seconds`. */
function row(kind: string, seconds: number): ProfileRow {
  return {
    key: `${kind}-${seconds}`,
    name: kind,
    kind,
    calls: 1,
    kernels: 1,
    seconds,
    share: 0,
    flops: 0,
    bytes: 0,
    bound: 'compute',
    boundShare: 1,
    boundSeconds: { compute: seconds, memory: 0, overhead: 0 },
  };
}

describe('sweepSeqs', () => {
  it('doubles from 32 up to the longest sequence and adds the chosen one', () => {
    expect(sweepSeqs(512, 128)).toEqual([32, 64, 128, 256, 512]);
    expect(sweepSeqs(512, 300)).toEqual([32, 64, 128, 256, 300, 512]);
    expect(sweepSeqs(100, 10)).toEqual([10, 32, 64]);
  });
});

describe('seqSweep', () => {
  it('adds up attention and linear time at each length and reads the last doubling', () => {
    // A made-up network: attention grows as seq², the linear layers as seq.
    const rowsAt = (seq: number) => [
      row('attention', seq * seq),
      row('linear', 10 * seq),
      row('linear', 10 * seq),
      row('layernorm', 1),
    ];
    const sweep = seqSweep(256, 100, rowsAt);
    expect(sweep.points.map((p) => p.seq)).toEqual([32, 64, 100, 128, 256]);
    expect(sweep.points[0]).toEqual({ seq: 32, attentionSeconds: 1024, linearSeconds: 640 });
    expect(sweep.chosenSeq).toBe(100);
    expect(sweep.lastDoubling).toEqual({ fromSeq: 128, toSeq: 256, attention: 4, linear: 2 });
  });

  it('leaves out lengths the engine refuses', () => {
    const sweep = seqSweep(128, 64, (seq) => (seq === 128 ? null : [row('attention', seq)]));
    expect(sweep.points.map((p) => p.seq)).toEqual([32, 64]);
    expect(secondsOfKind([row('attention', 2), row('linear', 3)], 'attention')).toBe(2);
  });

  it('grows attention faster than linear layers in the engine’s GPT-2, at most 4× per doubling at 1,024', () => {
    const result = analyzeProfile(
      {
        network: 'gpt2-124m',
        gpu: 'a100-sxm-80gb',
        mode: 'inference',
        batch: 8,
        seq: 1024,
        ...EAGER_HOST,
        precision: 'amp-bf16',
        optimizer: 'adamw',
      },
      engineProfileModel,
    );
    if (result.kind !== 'result') throw new Error(result.message);
    const sweep = result.sweep!;
    expect(sweep.points.map((p) => p.seq)).toEqual([32, 64, 128, 256, 512, 1024]);
    const doubling = sweep.lastDoubling!;
    expect(doubling.linear).toBeCloseTo(2, 0);
    // The fused kernel's work grows four-fold; Hugging Face's attention module also copies the
    // DynamicCache, which grows two-fold, so the module's time lands between the two.
    expect(doubling.attention).toBeGreaterThan(doubling.linear + 0.1);
    expect(doubling.attention).toBeLessThanOrEqual(4.01);
  });
});
