import { describe, expect, it } from 'vitest';
import { predictDataParallel } from './predict-data-parallel';
import { predictInference, predictTrainStep } from './predict-network';

const bertA100 = {
  model: 'bert-large',
  gpu: 'a100-sxm-80gb',
  batch: 32,
  seq: 128,
  optimizer: 'adam' as const,
};

describe('predictTrainStep', () => {
  it('reports a model too big for the GPU with its bytes and fits: false', () => {
    const p = predictTrainStep({
      model: 'llama2-7b',
      gpu: 'rtx-4090',
      batch: 1,
      seq: 256,
      precision: 'amp-bf16',
      optimizer: 'adamw',
    });
    expect(p.fits).toBe(false);
    expect(p.largestBatch).toBe(0);
    expect(p.params).toBe(6_738_415_616);
    // Weights, gradients and two moments in fp32: 16 bytes per parameter before anything else.
    expect(p.bytes).toBeGreaterThan(16 * p.params);
    expect(Number.isFinite(p.seconds)).toBe(true);
  });

  it('finds the largest batch: it fits, one more does not', () => {
    const request = { ...bertA100, gpu: 't4', precision: 'amp-fp16' as const };
    const largest = predictTrainStep(request).largestBatch;
    expect(largest).toBeGreaterThan(1);
    expect(predictTrainStep({ ...request, batch: largest }).fits).toBe(true);
    expect(predictTrainStep({ ...request, batch: largest + 1 }).fits).toBe(false);
  });

  it('runs AMP faster than FP32 and TF32 in between on an A100', () => {
    const seconds = (precision: 'fp32' | 'tf32' | 'amp-fp16') =>
      predictTrainStep({ ...bertA100, precision }).seconds;
    expect(seconds('amp-fp16')).toBeLessThan(seconds('tf32'));
    expect(seconds('tf32')).toBeLessThan(seconds('fp32'));
  });

  it('trades recompute time for activation memory under checkpointing', () => {
    const plain = predictTrainStep({ ...bertA100, precision: 'amp-bf16' });
    const checkpointed = predictTrainStep({
      ...bertA100,
      precision: 'amp-bf16',
      checkpointing: true,
    });
    expect(checkpointed.memory.activationsBytes).toBeLessThan(plain.memory.activationsBytes / 4);
    expect(checkpointed.step.recomputeSeconds).toBeGreaterThan(0);
    expect(checkpointed.seconds).toBeGreaterThan(plain.seconds);
    expect(checkpointed.largestBatch).toBeGreaterThan(plain.largestBatch);
  });

  it('takes a learner’s layer list and checks the request', () => {
    const layers = [
      { type: 'linear', inFeatures: 100, outFeatures: 100 },
      { type: 'activation', fn: 'relu', elements: 100 },
      { type: 'softmax-cross-entropy', classes: 100 },
    ];
    const p = predictTrainStep({
      model: layers,
      gpu: 'gtx-1650',
      batch: 8,
      precision: 'fp32',
      optimizer: 'sgd',
    });
    expect(p.params).toBe(100 * 100 + 100);
    expect(p.step.bound).toBe('host');
    const base = { model: 'resnet50', gpu: 'v100-sxm2-16gb', batch: 8, optimizer: 'sgd' as const };
    expect(() => predictTrainStep({ ...base, precision: 'amp-bf16' })).toThrow(/no bf16/);
    expect(() => predictTrainStep({ ...base, precision: 'tf32' })).toThrow(/no TF32/);
    expect(() => predictTrainStep({ ...base, precision: 'fp32', batch: 1.5 })).toThrow(/batch/);
    expect(() => predictTrainStep({ ...base, precision: 'fp32', gpu: 'b200' })).toThrow(/"b200"/);
    expect(() => predictTrainStep({ ...bertA100, precision: 'fp32', seq: 513 })).toThrow(
      /at most 512/,
    );
  });
});

describe('predictInference', () => {
  const decode = {
    model: 'llama2-7b',
    gpu: 'a100-sxm-80gb',
    batch: 1,
    seq: 512,
    precision: 'amp-bf16' as const,
    phase: 'decode' as const,
    // As gpt-fast runs it: compiled and captured in CUDA graphs, so the GPU sets the pace.
    execution: 'reduce-overhead' as const,
  };

  it('holds 16-bit weights and a KV cache of 2 x layers x width x positions when decoding', () => {
    const p = predictInference(decode);
    expect(p.memory.weightsBytes).toBe(2 * p.params);
    // 32 layers, keys and values, 4,096 wide, 512 positions, 2 bytes each.
    expect(p.memory.kvCacheBytes).toBe(32 * 2 * 4096 * 512 * 2);
    expect(p.memory.gradientsBytes).toBe(0);
    expect(p.memory.optimizerBytes).toBe(0);
  });

  it('reads every weight per token, so decode moves little from batch 1 to 8', () => {
    const one = predictInference(decode).seconds;
    const eight = predictInference({ ...decode, batch: 8 }).seconds;
    // The 13.5 GB of weights are read once a token whatever the batch; what grows with it is
    // the KV cache, read by attention and copied by each DynamicCache update.
    expect(eight / one).toBeLessThan(1.5);
    const longer = predictInference({ ...decode, seq: 4096 }).seconds;
    expect(longer).toBeGreaterThan(one);
    const prefill = predictInference({ ...decode, phase: 'prefill' }).seconds;
    expect(prefill).toBeGreaterThan(one);
    expect(prefill).toBeLessThan(512 * one);
  });

  it('refuses decoder phases for other networks and unknown phases', () => {
    const rn50 = { model: 'resnet50', gpu: 't4', batch: 8, precision: 'amp-fp16' as const };
    expect(predictInference({ ...rn50, phase: 'forward' }).fits).toBe(true);
    expect(() => predictInference({ ...rn50, phase: 'decode' })).toThrow(/decoder language models/);
    expect(() => predictInference({ ...rn50, phase: 'train' as 'forward' })).toThrow(/phase/);
  });
});

describe('predictDataParallel', () => {
  const request = {
    model: 'resnet50',
    gpu: 'a100-sxm-80gb',
    batch: 128,
    precision: 'amp-fp16' as const,
    optimizer: 'sgd' as const,
  };

  it('scales DDP near-linearly on NVLink, worse on PCIe, and DP worse still', () => {
    const eff = (link: string, mode: 'ddp' | 'dp') =>
      predictDataParallel({ ...request, gpus: 8, link, mode }).scalingEfficiency;
    expect(eff('nvlink3', 'ddp')).toBeGreaterThan(0.95);
    expect(eff('pcie4', 'ddp')).toBeLessThan(eff('nvlink3', 'ddp'));
    expect(eff('nvlink3', 'dp')).toBeLessThan(eff('nvlink3', 'ddp'));
  });

  it('checks that the GPU can use the link', () => {
    expect(() =>
      predictDataParallel({ ...request, gpu: 'h100-pcie', gpus: 2, link: 'nvlink4', mode: 'ddp' }),
    ).toThrow(/h100-pcie cannot use link "nvlink4"/);
  });
});
