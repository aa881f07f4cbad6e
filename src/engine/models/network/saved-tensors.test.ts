import { describe, expect, it } from 'vitest';
import { getGpu } from '../../catalog/hardware';
import { analyzeNetwork } from './layers';
import { DROPOUT_MASK_BYTES_PER_ELEMENT } from './layers/elementwise';
import { precisionPlan } from './precision';
import { INDEX_BYTES, stepTensors } from './saved-tensors';
import type { LayerSpec } from './types';

const h200 = getGpu('h200-sxm');
const amp = precisionPlan(h200, 'amp-bf16');
const fp32 = precisionPlan(h200, 'fp32');

/** Saved bytes per sample of each layer, by name. */
function savedOf(specs: LayerSpec[], plan = amp): Record<string, number> {
  const { layers } = analyzeNetwork(specs);
  const tensors = stepTensors(layers, plan);
  return Object.fromEntries(tensors.layers.map((t) => [t.name, t.savedBytesPerSample]));
}

/** torchvision's conv-BN-ReLU then a 1×1 conv, channels C on an E×E map. */
function convBnRelu(c: number, e: number): LayerSpec[] {
  const conv = (name: string): LayerSpec => ({
    type: 'conv2d',
    name,
    inChannels: c,
    outChannels: c,
    kernel: 1,
    inHeight: e,
    inWidth: e,
  });
  return [
    conv('conv1'),
    { type: 'batchnorm2d', name: 'bn1', channels: c, height: e, width: e },
    { type: 'activation', name: 'relu', fn: 'relu', elements: c * e * e },
    conv('conv2'),
  ];
}

describe('what each layer keeps for backward', () => {
  it('keeps a conv-BN-ReLU as the conv input, the BN input and one output the next conv shares', () => {
    const n = 8 * 4 * 4;
    const saved = savedOf(convBnRelu(8, 4));
    // conv1 casts the fp32 batch to 16 bits; BN keeps conv1's output; the ReLU keeps its output
    // (in place over BN's, in torchvision), which conv2 reads and keeps: one tensor, counted once.
    expect(saved).toEqual({ conv1: 2 * n, bn1: 2 * n, relu: 2 * n, conv2: 0 });
  });

  it('keeps one byte per element for a dropout mask', () => {
    const saved = savedOf([
      { type: 'linear', name: 'fc', inFeatures: 16, outFeatures: 32 },
      { type: 'dropout', name: 'drop', elements: 32 },
    ]);
    expect(DROPOUT_MASK_BYTES_PER_ELEMENT).toBe(1);
    expect(saved['drop']).toBe(32);
  });

  it('casts a LayerNorm’s fp32 output once per projection under autocast, shares it in fp32', () => {
    const h = 64;
    const t = 10;
    const specs: LayerSpec[] = [
      { type: 'embedding', name: 'wte', vocab: 100, dim: h, tokens: t },
      { type: 'layernorm', name: 'ln', features: h, tokens: t },
      { type: 'linear', name: 'attn.query', inFeatures: h, outFeatures: h, tokens: t },
      { type: 'linear', name: 'attn.key', inFeatures: h, outFeatures: h, tokens: t },
      { type: 'linear', name: 'attn.value', inFeatures: h, outFeatures: h, tokens: t },
    ];
    const bf16 = savedOf(specs);
    // The embedding's output is fp32 and LayerNorm keeps it (4 B) with a mean and an rstd per row.
    expect(bf16['ln']).toBe(t * h * 4 + 2 * t * 4);
    // Autocast caches casts of weights only: each projection keeps its own 16-bit input.
    expect([bf16['attn.query'], bf16['attn.key'], bf16['attn.value']]).toEqual([
      t * h * 2,
      t * h * 2,
      t * h * 2,
    ]);
    // Without autocast the three read and keep the LayerNorm's output: one tensor.
    const plain = savedOf(specs, fp32);
    expect([plain['attn.query'], plain['attn.key'], plain['attn.value']]).toEqual([
      t * h * 4,
      0,
      0,
    ]);
    // The batch is int64 token ids, which the first embedding keeps.
    expect(stepTensors(analyzeNetwork(specs).layers, amp).dataBytesPerSample).toBe(t * INDEX_BYTES);
  });

  it('lets a shortcut branch share the block input with the block’s first layer', () => {
    const c = 8;
    const e = 4;
    const specs: LayerSpec[] = [
      { type: 'activation', name: 'stem.relu', fn: 'relu', elements: c * e * e },
      ...convBnRelu(c, e).map((s) => ({ ...s, name: `block.${s.name ?? ''}` })),
      {
        type: 'conv2d',
        name: 'block.downsample.0',
        inChannels: c,
        outChannels: c,
        kernel: 1,
        inHeight: e,
        inWidth: e,
      },
    ];
    const saved = savedOf(specs, fp32);
    // The block's input is the stem ReLU's output, which it keeps: conv1 and the shortcut share it.
    expect(saved['block.conv1']).toBe(0);
    expect(saved['block.downsample.0']).toBe(0);
  });

  it('keeps max pooling’s input and its int64 indices', () => {
    const saved = savedOf(
      [
        { type: 'activation', name: 'relu', fn: 'relu', elements: 4 * 8 * 8 },
        {
          type: 'maxpool2d',
          name: 'pool',
          channels: 4,
          inHeight: 8,
          inWidth: 8,
          kernel: 2,
        },
      ],
      fp32,
    );
    // The input is the ReLU's output (shared); the indices are 8 bytes per output element.
    expect(saved['pool']).toBe(4 * 4 * 4 * INDEX_BYTES);
  });

  it('keeps four tensors for Hugging Face’s Python GELU, fp32 ones under autocast', () => {
    const n = 12;
    const saved = savedOf([
      { type: 'linear', name: 'fc', inFeatures: 4, outFeatures: n },
      { type: 'activation', name: 'gelu', fn: 'gelu-new', elements: n },
      { type: 'activation', name: 'plain', fn: 'gelu', elements: n },
    ]);
    // x in fp32, tanh's output, 1 + tanh (fp32), 0.5·x (16-bit) against GELU's one input.
    expect(saved['gelu']).toBe(n * (4 + 4 + 4 + 2));
    // The fused GELU after it reads the Python one's fp32 output.
    expect(saved['plain']).toBe(n * 4);
  });

  it('keeps fused attention’s Q, K, V, output and fp32 log-sum-exp, the output shared', () => {
    const saved = savedOf([
      { type: 'linear', name: 'qkv', inFeatures: 32, outFeatures: 96, tokens: 5 },
      { type: 'attention', name: 'attn', heads: 2, headDim: 16, queries: 5, keys: 5 },
      { type: 'linear', name: 'proj', inFeatures: 32, outFeatures: 32, tokens: 5 },
    ]);
    expect(saved['attn']).toBe(5 * 96 * 2 + 5 * 32 * 2 + 2 * 5 * 4);
    expect(saved['proj']).toBe(0);
  });
});
