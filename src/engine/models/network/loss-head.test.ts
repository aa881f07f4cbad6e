import { describe, expect, it } from 'vitest';
import {
  chunkLogits,
  lossBackwardPeak,
  lossBackwardSteps,
  partTotal,
  type LossHeadTensors,
} from './loss-head';

const head = (over: Partial<LossHeadTensors>): LossHeadTensors => ({
  rows: 128,
  classes: 30522,
  logitBytes: 2,
  hiddenFeatures: 768,
  heldByOutput: true,
  upcastFirst: false,
  ...over,
});

describe('the loss head', () => {
  it('peaks at 12 bytes per 16-bit logit: logits, log-probs, nll’s fp32 copy, its fp32 gradient', () => {
    const { peak, after } = lossBackwardPeak(head({}));
    expect(peak).toEqual({ logits: 2, saved: 2 + 4, gradients: 4 });
    // Left for the head's linear: the held logits and their 16-bit gradient.
    expect(after).toEqual({ logits: 2, saved: 0, gradients: 2 });
    expect(lossBackwardSteps(head({})).map((s) => s.node)).toEqual([
      'NllLossBackward',
      'ToCopyBackward',
      'LogSoftmaxBackward',
    ]);
  });

  it('peaks at 16 bytes per fp32 logit (no copy, two gradients) and 14 when upcast first', () => {
    expect(partTotal(lossBackwardPeak(head({ logitBytes: 4 })).peak)).toBe(16);
    const upcast = lossBackwardPeak(head({ upcastFirst: true })).peak;
    expect(upcast).toEqual({ logits: 2, saved: 4, gradients: 8 });
  });

  it('does not count logits a layer keeps already', () => {
    expect(lossBackwardPeak(head({ heldByOutput: false })).peak.logits).toBe(0);
  });

  it('sizes a chunk as Liger Kernel does: ceil(V / H) chunks, rows rounded up to a power of two', () => {
    // BERT-base, batch 32: 4096 rows over ceil(30522 / 768) = 40 chunks: 103 rows, so 128.
    expect(chunkLogits(head({}), 32)).toBe(128 * 30522);
    // A chunk never exceeds the whole batch.
    expect(chunkLogits(head({ hiddenFeatures: 30522 }), 1)).toBe(128 * 30522);
  });
});
