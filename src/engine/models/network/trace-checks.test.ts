/**
 * The engine's prices for the parts of a transformer step that eager PyTorch runs slowest,
 * checked against the recorded H200 trace of GPT-2 small at batch 8 × 512 (bf16 autocast,
 * tests/fixtures/traces, docs/device-runs.md): the unpadded 50,257-word head's products, the
 * fp32 cross-entropy over its logits, and cuDNN's fused attention. Each is read from the trace's
 * own kernels, so a change to the constants behind them that moves a price away from what the
 * GPU did fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { predictTrainStep } from './predict-network';

interface TraceEvent {
  cat?: string;
  name: string;
  dur?: number;
}

const STEPS = 2;
const file = join(process.cwd(), 'tests/fixtures/traces/trace-gpt2-b8-s512-amp-bf16.json.gz');
const events = (
  JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as { traceEvents: TraceEvent[] }
).traceEvents.filter((e) => e.cat === 'kernel');

/** Measured seconds per step of the kernels whose names pass `test`. */
function measured(test: (name: string) => boolean): number {
  return events.filter((e) => test(e.name)).reduce((t, e) => t + (e.dur ?? 0), 0) / STEPS / 1e6;
}

const step = predictTrainStep({
  model: 'gpt2-124m',
  gpu: 'h200-sxm',
  batch: 8,
  seq: 512,
  precision: 'amp-bf16',
  optimizer: 'adamw',
}).step;

/** Predicted GPU seconds of the layers that pass `test`, forward and backward. */
function predicted(test: (name: string, type: string) => boolean): number {
  return step.layers
    .filter((l) => test(l.name, l.type))
    .reduce((t, l) => t + l.forward.seconds + (l.backward?.seconds ?? 0), 0);
}

describe('the engine against the H200 GPT-2 trace (batch 8 × 512)', () => {
  it("prices the misaligned head's three products within 10 % of their align1 kernels", () => {
    const trace = measured((n) => n.includes('align1'));
    expect(trace).toBeGreaterThan(7e-3); // about 7.9 ms: a quarter of the step's kernel time
    expect(Math.abs(predicted((name) => name === 'lm_head') / trace - 1)).toBeLessThan(0.1);
  });

  it("prices the fp32 cross-entropy within 20 % of the loss's own kernels", () => {
    // The upcast copy and the gradient's downcast are the only copies over all the logits; the
    // softmax, NLL and fill kernels are the loss's too.
    const logits = 8 * 512 * 50_257;
    const lossKernels = measured((n) => /SoftMax|nll_loss/.test(n));
    const fills = events.filter((e) => e.name.includes('FillFunctor<float>'));
    const bigFill = fills.reduce((m, e) => Math.max(m, e.dur ?? 0), 0) / 1e6;
    const casts = events
      .filter((e) => /direct_copy|bfloat16_copy/.test(e.name) && (e.dur ?? 0) > 200)
      .reduce((t, e) => t + (e.dur ?? 0), 0);
    const trace = lossKernels + bigFill + casts / STEPS / 1e6;
    expect(logits).toBe(205_852_672);
    expect(trace).toBeGreaterThan(2e-3);
    const ratio = predicted((_, type) => type === 'softmax-cross-entropy') / trace;
    expect(Math.abs(ratio - 1)).toBeLessThan(0.2);
  });

  it("prices cuDNN's fused attention and the cache's copies within 10 % of their kernels", () => {
    // cuDNN's SDPA (forward, backward and the backward's two helpers) and the DynamicCache's
    // concatenations of K and V, which the engine's attention layer carries.
    const trace = measured((n) =>
      /sdpa|compute_dot_do_o|convert_dq_to_16bits|CatArrayBatchedCopy</.test(n),
    );
    const ratio = predicted((_, type) => type === 'attention') / trace;
    expect(Math.abs(ratio - 1)).toBeLessThan(0.1);
  });
});
