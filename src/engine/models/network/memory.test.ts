import { describe, expect, it } from 'vitest';
import { getGpu } from '../../catalog/hardware';
import { CUDA_CONTEXT_BYTES, fitsOn, largestBatch, stepMemory } from './memory';
import { libraryWorkspaces } from './library-workspaces';
import { FOREACH_ADAM_TEMPORARY_BYTES_PER_PARAM } from './memory-walk';
import { optimizerCost } from './optimizer';
import { precisionPlan } from './precision';
import { layerCost } from './layer-fixture';
import { analyzeNetwork } from './layers';

const a100 = getGpu('a100-sxm-80gb');
const h200 = getGpu('h200-sxm');
/** A training step's cuBLAS workspaces on the A100 (two cuBLAS, one cuBLASLt). */
const workspace = libraryWorkspaces(a100, true).reduce((a, b) => a + b, 0);

describe('step memory', () => {
  it('holds 16 bytes per parameter of model state plus 2 of weight copies under AMP Adam', () => {
    const layers = [layerCost({ matmul: true, params: 1e6, weightElements: 1e6 })];
    const m = stepMemory({
      layers,
      batch: 1,
      plan: precisionPlan(a100, 'amp-fp16'),
      optimizer: optimizerCost('adam'),
      optimizerForm: 'fused',
      gpu: a100,
    });
    expect(m.modelStateBytes).toBe(16e6);
    expect(m.weightsBytes + m.gradientsBytes + m.optimizerBytes).toBe(16e6);
    // The layer's backward: its gradient made, its weight copy and that copy's 16-bit gradient
    // not yet freed.
    expect(m.weightCopiesBytes).toBe(2e6);
    expect(m.allocatedBytes).toBe(18e6 + 2e6 + workspace);
    expect(m.peakLayer).toBe('l');
  });

  it('keeps each layer’s saved tensors for the batch, 16-bit under AMP, shared tensors once', () => {
    // A linear (saves its input), a ReLU (saves its output), a linear (saves its input: the
    // ReLU's output, the same tensor).
    const { layers } = analyzeNetwork([
      { type: 'linear', name: 'fc1', inFeatures: 1000, outFeatures: 3000 },
      { type: 'activation', name: 'relu', fn: 'relu', elements: 3000 },
      { type: 'linear', name: 'fc2', inFeatures: 3000, outFeatures: 10 },
    ]);
    const m = stepMemory({
      layers,
      batch: 8,
      plan: precisionPlan(a100, 'amp-bf16'),
      optimizer: optimizerCost('sgd'),
      gpu: a100,
    });
    // fc1's 16-bit cast of the fp32 batch (1000 × 2), the ReLU's output (3000 × 2), and fc2's
    // input is that same output; the caller holds the batch (1000 × 4).
    expect(m.tensors?.layers.map((t) => t.savedBytesPerSample)).toEqual([2000, 6000, 0]);
    expect(m.tensors?.dataBytesPerSample).toBe(4000);
    expect(m.largestActivations).toEqual([
      { name: 'relu', bytes: 6000 * 8 },
      { name: 'fc1', bytes: 2000 * 8 },
    ]);
    // The peak is in backward, where fc2 has freed the ReLU's output: the batch and fc1's cast.
    expect(m.peakLayer).toBe('fc1');
    expect(m.activationsBytes).toBe((4000 + 2000) * 8);
  });

  it('keeps only segment inputs and one segment under checkpointing', () => {
    // 16 linear layers of 100 in, 10 out: 4 segments of 4.
    const layers = Array.from({ length: 16 }, (_, i) =>
      layerCost({
        name: `l${i}`,
        matmul: true,
        savedElements: 100,
        outputElements: 10,
        forwardIoElements: 110,
      }),
    );
    const plan = precisionPlan(a100, 'fp32');
    const run = (checkpointing: boolean) =>
      stepMemory({ layers, batch: 1, plan, optimizer: optimizerCost('sgd'), checkpointing });
    const full = run(false);
    const ckpt = run(true);
    // The caller holds the batch of 100, which the first layer keeps; every other layer keeps
    // its input of 100 (the outputs of 10 do not match, so nothing is shared).
    expect(full.activationsBytes).toBe((100 + 15 * 100) * 4);
    // As checkpoint_sequential: the last segment runs normally. The peak keeps the batch (the
    // first segment's input), the inputs of the two other checkpointed segments (100 each) and
    // four layers' tensors: the last segment's, or one segment recomputed.
    expect(ckpt.activationsBytes).toBe((100 + 2 * 100 + 4 * 100) * 4);
  });

  it('never counts every gradient beside every activation (zero_grad sets them to None)', () => {
    const layers = [
      layerCost({ name: 'first', params: 1e6, savedElements: 1e6, forwardIoElements: 1e6 }),
      layerCost({ name: 'second', params: 1e6, savedElements: 1e6, forwardIoElements: 1e6 }),
    ];
    const m = stepMemory({
      layers,
      batch: 1,
      plan: precisionPlan(a100, 'fp32'),
      optimizer: optimizerCost('sgd'),
    });
    // The batch (4 MB) stays; backward of `second`: its gradient and its input (8 MB); backward
    // of `first`: both gradients (8 MB). Never both gradients beside `second`'s input.
    expect(m.gradientsBytes + m.activationsBytes - 4e6).toBe(8e6);
    expect(m.modelStateBytes).toBe(2e6 * (8 + 4));
  });

  it('peaks in a foreach Adam step when the activations are small, not in a fused one', () => {
    const layers = [layerCost({ name: 'big', params: 1e8, weightElements: 1e8, matmul: true })];
    const at = (optimizerForm: 'foreach' | 'fused') =>
      stepMemory({
        layers,
        batch: 1,
        plan: precisionPlan(h200, 'fp32'),
        optimizer: optimizerCost('adamw'),
        optimizerForm,
        gpu: h200,
      });
    const foreach = at('foreach');
    const fused = at('fused');
    expect(foreach.peakLayer).toBe('optimizer.step()');
    expect(foreach.allocatedBytes - fused.allocatedBytes).toBe(
      1e8 * FOREACH_ADAM_TEMPORARY_BYTES_PER_PARAM,
    );
    expect(fused.peakLayer).toBe('big');
  });

  it('shows the loss head apart, and a chunked loss keeps one chunk of it', () => {
    const { layers } = analyzeNetwork([
      { type: 'embedding', name: 'wte', vocab: 32768, dim: 512, tokens: 256 },
      { type: 'linear', name: 'head', inFeatures: 512, outFeatures: 32768, tokens: 256 },
      { type: 'softmax-cross-entropy', name: 'loss', classes: 32768, tokens: 256 },
    ]);
    const run = (chunkedLoss: boolean) =>
      stepMemory({
        layers,
        batch: 4,
        plan: precisionPlan(h200, 'amp-bf16'),
        optimizer: optimizerCost('sgd'),
        gpu: h200,
        chunkedLoss,
      });
    const plain = run(false);
    const logits = 4 * 256 * 32768;
    // 16-bit logits: held 2, log-probs 2, fp32 copy 4, fp32 gradient 4 bytes per logit.
    expect(plain.peakLayer).toBe('loss');
    expect(plain.lossHead).toEqual({
      logitsBytes: 2 * logits,
      savedBytes: 6 * logits,
      gradientsBytes: 4 * logits,
    });
    expect(plain.lossHeadBytes).toBe(12 * logits);
    const chunked = run(true);
    // Liger's chunks: 32768 / 512 = 64 of them, 1024 rows / 64 = 16 rows each.
    expect(chunked.lossHeadBytes).toBeLessThanOrEqual(12 * 16 * 32768);
    // The peak moves to the head's backward, which holds its gradients: still far below.
    expect(plain.allocatedBytes - chunked.allocatedBytes).toBeGreaterThan(0.7 * 12 * logits);
  });

  it('keeps a KV cache only while generating', () => {
    const layers = [layerCost({ kvCacheElements: 1000, forwardIoElements: 10 })];
    const plan = precisionPlan(a100, 'fp32');
    const plain = stepMemory({ layers, batch: 2, plan });
    const generating = stepMemory({ layers, batch: 2, plan, keepsKvCache: true });
    expect(plain.kvCacheBytes).toBe(0);
    expect(generating.kvCacheBytes).toBe(1000 * 2 * 4);
    expect(plain.peakLayer).toBeNull();
    expect(plain.tensors).toBeNull();
  });

  it('adds the CUDA context the allocator never sees, and finds the largest batch that fits', () => {
    const layers = [
      layerCost({
        matmul: true,
        params: 1e9,
        weightElements: 1e9,
        savedElements: 1e8,
        forwardIoElements: 1e8 + 1e6,
        outputElements: 1e6,
      }),
    ];
    const plan = precisionPlan(a100, 'fp32');
    const at = (batch: number) =>
      stepMemory({
        layers,
        batch,
        plan,
        optimizer: optimizerCost('adam'),
        optimizerForm: 'fused',
        gpu: a100,
      });
    expect(at(1).totalBytes).toBe(at(1).reservedBytes + CUDA_CONTEXT_BYTES.value);
    const most = largestBatch(a100, at);
    expect(fitsOn(a100, at(most))).toBe(true);
    expect(fitsOn(a100, at(most + 1))).toBe(false);
    // 16 GB of model state, then the 0.4 GB batch the caller holds and a 4 MB output per sample
    // on an 80 GiB card (the only layer keeps the batch itself): (85.9 GB - 16 GB - context -
    // workspace) / 0.404 GB = 171; the allocator's rounding may cost one sample.
    const perSample = 4e8 + 4e6;
    const hand = Math.floor(
      (a100.memoryBytes.value - 16e9 - CUDA_CONTEXT_BYTES.value - workspace) / perSample,
    );
    expect(hand).toBe(171);
    expect(most).toBeGreaterThanOrEqual(hand - 1);
    expect(most).toBeLessThanOrEqual(hand);
  });
});
