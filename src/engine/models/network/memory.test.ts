import { describe, expect, it } from 'vitest';
import { getGpu } from '../../catalog/hardware';
import {
  CUDA_CONTEXT_BYTES,
  fitsOn,
  largestBatch,
  LIBRARY_WORKSPACE_BYTES,
  stepMemory,
} from './memory';
import { optimizerCost } from './optimizer';
import { precisionPlan } from './precision';
import { layerCost } from './layer-fixture';

const a100 = getGpu('a100-sxm-80gb');
const workspace = LIBRARY_WORKSPACE_BYTES.value;

describe('step memory', () => {
  it('holds 16 bytes per parameter of model state plus 2 of weight copies under AMP Adam', () => {
    const layers = [layerCost({ matmul: true, params: 1e6, weightElements: 1e6 })];
    const m = stepMemory({
      layers,
      batch: 1,
      plan: precisionPlan(a100, 'amp-fp16'),
      optimizer: optimizerCost('adam'),
    });
    expect(m.modelStateBytes).toBe(16e6);
    expect(m.weightsBytes + m.gradientsBytes + m.optimizerBytes).toBe(16e6);
    expect(m.weightCopiesBytes).toBe(2e6);
    expect(m.allocatedBytes).toBe(18e6 + workspace);
    // The layer's backward: its gradient made, its weight copy not yet freed.
    expect(m.peakLayer).toBe('l');
  });

  it('keeps each layer’s saved activations for the batch, at 2 bytes under AMP', () => {
    const layers = [
      layerCost({ matmul: true, savedElements: 1000, outputElements: 10 }),
      layerCost({ matmul: true, savedElements: 3000, outputElements: 10, name: 'big' }),
    ];
    const m = stepMemory({
      layers,
      batch: 8,
      plan: precisionPlan(a100, 'amp-bf16'),
      optimizer: optimizerCost('sgd'),
    });
    expect(m.activationsBytes).toBe((1000 + 3000) * 8 * 2);
    expect(m.largestActivations[0]).toEqual({ name: 'big', bytes: 3000 * 8 * 2 });
    // At the last layer's backward: the output `out` holds (10 x 8 x 2) and the input gradient
    // it makes, the size of the first layer's output.
    expect(m.peakLayer).toBe('big');
    expect(m.workspaceBytes).toBe(160 + 160 + workspace);
  });

  it('keeps only segment inputs and one segment under checkpointing', () => {
    // 16 layers of 100 saved and 10 output elements: 4 segments of 4.
    const layers = Array.from({ length: 16 }, () =>
      layerCost({ matmul: true, savedElements: 100, outputElements: 10, forwardIoElements: 20 }),
    );
    const plan = precisionPlan(a100, 'fp32');
    const full = stepMemory({ layers, batch: 1, plan, optimizer: optimizerCost('sgd') });
    const ckpt = stepMemory({
      layers,
      batch: 1,
      plan,
      optimizer: optimizerCost('sgd'),
      checkpointing: true,
    });
    expect(full.activationsBytes).toBe(16 * 100 * 4);
    // As checkpoint_sequential: the last segment runs normally. The peak keeps the inputs of the
    // three checkpointed segments (the network's input, 20 - 10, and two layer outputs of 10)
    // beside four layers' activations: the last segment's, or one segment recomputed.
    expect(ckpt.activationsBytes).toBe((10 + 2 * 10) * 4 + 4 * 100 * 4);
  });

  it('never counts every gradient beside every activation (zero_grad sets them to None)', () => {
    const layers = [
      layerCost({ name: 'first', params: 1e6, savedElements: 1e6 }),
      layerCost({ name: 'second', params: 1e6, savedElements: 1e6 }),
    ];
    const m = stepMemory({
      layers,
      batch: 1,
      plan: precisionPlan(a100, 'fp32'),
      optimizer: optimizerCost('sgd'),
    });
    // Backward of `second`: its gradient and both layers' activations (12 MB); backward of
    // `first`: both gradients and its own activations (12 MB). Never 16 MB.
    expect(m.gradientsBytes + m.activationsBytes).toBe(12e6);
    expect(m.modelStateBytes).toBe(2e6 * (8 + 4));
  });

  it('keeps a KV cache only while generating', () => {
    const layers = [layerCost({ kvCacheElements: 1000, forwardIoElements: 10 })];
    const plan = precisionPlan(a100, 'fp32');
    const plain = stepMemory({ layers, batch: 2, plan });
    const generating = stepMemory({ layers, batch: 2, plan, keepsKvCache: true });
    expect(plain.kvCacheBytes).toBe(0);
    expect(generating.kvCacheBytes).toBe(1000 * 2 * 4);
    expect(plain.peakLayer).toBeNull();
  });

  it('adds the CUDA context the allocator never sees, and finds the largest batch that fits', () => {
    const layers = [
      layerCost({
        matmul: true,
        params: 1e9,
        weightElements: 1e9,
        savedElements: 1e8,
        outputElements: 1e6,
      }),
    ];
    const plan = precisionPlan(a100, 'fp32');
    const at = (batch: number) =>
      stepMemory({ layers, batch, plan, optimizer: optimizerCost('adam') });
    expect(at(1).totalBytes).toBe(at(1).reservedBytes + CUDA_CONTEXT_BYTES.value);
    const most = largestBatch(a100, at);
    expect(fitsOn(a100, at(most))).toBe(true);
    expect(fitsOn(a100, at(most + 1))).toBe(false);
    // 16 GB of model state, then 0.4 GB of activations and a 4 MB output per sample on an
    // 80 GiB card: (85.9 GB - 16 GB - context - workspace) / 0.404 GB = 171; the allocator's
    // rounding may cost one sample.
    const perSample = 4e8 + 4e6;
    const hand = Math.floor(
      (a100.memoryBytes.value - 16e9 - CUDA_CONTEXT_BYTES.value - workspace) / perSample,
    );
    expect(hand).toBe(171);
    expect(most).toBeGreaterThanOrEqual(hand - 1);
    expect(most).toBeLessThanOrEqual(hand);
  });
});
