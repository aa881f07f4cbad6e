import { describe, expect, it } from 'vitest';
import { getGpu } from '../../catalog/hardware';
import { achievableMemoryBytesPerSecond } from '../kernel';
import { KERNEL_GAP_SECONDS } from './layer-time';
import { optimizerCost } from './optimizer';
import { precisionPlan } from './precision';
import { DEFAULT_HOST_OP_SECONDS, HOST_COSTS } from './eager/host';
import { checkpointSegments, DEFAULT_HOST, predictStep } from './step-time';
import { layerCost as layer } from './layer-fixture';

const a100 = getGpu('a100-sxm-80gb');
const bandwidth = achievableMemoryBytesPerSecond(a100);
const gap = KERNEL_GAP_SECONDS.value;

describe('a network step', () => {
  it('times a memory-bound layer by its bytes, plus the gap between kernels', () => {
    // 1e9 elements read and written per sample, fp32, batch 2: 8e9 bytes.
    const cost = layer({ type: 'activation', forwardIoElements: 1e9, forwardFlops: 1e6 });
    const step = predictStep({
      gpu: a100,
      layers: [cost],
      batch: 2,
      plan: precisionPlan(a100, 'fp32'),
    });
    expect(step.forwardSeconds).toBeCloseTo(8e9 / bandwidth + gap, 12);
    expect(step.layers[0]?.forward.bound).toBe('memory');
    expect(step.backwardSeconds).toBe(0);
  });

  it('times a large product by its FLOPs on tensor cores at the in-network share', () => {
    // 1e13 FLOPs per sample; bf16 on A100: 312 TFLOP/s x 0.6 (a transformer's products in a
    // whole network) = 187.2 TFLOP/s.
    const cost = layer({ matmul: true, forwardFlops: 1e13, backwardFlops: 2e13 });
    const plan = precisionPlan(a100, 'amp-bf16');
    const step = predictStep({
      gpu: a100,
      layers: [cost],
      batch: 1,
      plan,
      optimizer: optimizerCost('sgd'),
    });
    expect(step.layers[0]?.forward.computeSeconds).toBeCloseTo(1e13 / 187.2e12, 9);
    expect(step.layers[0]?.backward?.computeSeconds).toBeCloseTo(2e13 / 187.2e12, 9);
    expect(step.flops).toBe(3e13);
    expect(step.bound).toBe('gpu');
  });

  it('is paced by the host when kernels are tiny: each nn.Linear call costs a module call and an op', () => {
    const tiny = Array.from({ length: 100 }, () => layer({ forwardIoElements: 10 }));
    const step = predictStep({
      gpu: a100,
      layers: tiny,
      batch: 1,
      plan: precisionPlan(a100, 'fp32'),
    });
    expect(step.bound).toBe('host');
    const c = HOST_COSTS;
    const ops =
      100 * (c.moduleCall.value + c.op.value) + c.torchContainer.value + c.inferenceStep.value;
    expect(step.hostSeconds).toBeCloseTo(ops * DEFAULT_HOST_OP_SECONDS.value, 12);
    expect(step.seconds).toBe(step.hostSeconds);
    expect(step.gpuIdleShare).toBeGreaterThan(0.5);
    // A host twice as slow takes twice as long; the GPU's side does not change.
    const slow = predictStep({
      gpu: a100,
      layers: tiny,
      batch: 1,
      plan: precisionPlan(a100, 'fp32'),
      host: { ...DEFAULT_HOST, hostOpSeconds: 2 * DEFAULT_HOST_OP_SECONDS.value },
    });
    expect(slow.hostSeconds).toBeCloseTo(2 * step.hostSeconds, 12);
    expect(slow.gpuSeconds).toBe(step.gpuSeconds);
  });

  it('adds an optimizer pass over every parameter: fused Adam moves 28 bytes each, foreach 80, fp16 unscaling 8 more', () => {
    const cost = layer({ params: 1e9, paramTensors: 1, weightElements: 1e9, matmul: true });
    const adam = optimizerCost('adam');
    const fused = { ...DEFAULT_HOST, optimizerForm: 'fused' as const };
    // 1e9 elements in launches of 320 chunks of 65,536: 48 launches.
    const launches = Math.ceil(1e9 / (320 * 65_536));
    const fp32 = predictStep({
      gpu: a100,
      layers: [cost],
      batch: 1,
      plan: precisionPlan(a100, 'fp32'),
      optimizer: adam,
      host: fused,
    });
    expect(fp32.optimizerSeconds).toBeCloseTo(28e9 / bandwidth + launches * gap, 12);
    const fp16 = predictStep({
      gpu: a100,
      layers: [cost],
      batch: 1,
      plan: precisionPlan(a100, 'amp-fp16'),
      optimizer: adam,
      host: fused,
    });
    expect(fp16.optimizerSeconds).toBeCloseTo(36e9 / bandwidth + (launches + 2) * gap, 12);
    // The default foreach form: eight foreach ops, each over every tensor.
    const foreach = predictStep({
      gpu: a100,
      layers: [cost],
      batch: 1,
      plan: precisionPlan(a100, 'fp32'),
      optimizer: adam,
    });
    expect(foreach.optimizerSeconds).toBeCloseTo(80e9 / bandwidth + 8 * launches * gap, 12);
  });

  it('recomputes all but the last segment’s forward under checkpointing', () => {
    const layers = Array.from({ length: 16 }, () => layer({ forwardIoElements: 1e8 }));
    const plan = precisionPlan(a100, 'fp32');
    const base = predictStep({
      gpu: a100,
      layers,
      batch: 1,
      plan,
      optimizer: optimizerCost('sgd'),
    });
    const ckpt = predictStep({
      gpu: a100,
      layers,
      batch: 1,
      plan,
      optimizer: optimizerCost('sgd'),
      checkpointing: true,
    });
    expect(checkpointSegments(16)).toBe(4);
    expect(ckpt.recomputeSeconds).toBeCloseTo(base.forwardSeconds * (3 / 4), 12);
    expect(ckpt.seconds).toBeGreaterThan(base.seconds);
  });

  it('refuses a batch that is not a positive whole number', () => {
    expect(() =>
      predictStep({ gpu: a100, layers: [], batch: 0, plan: precisionPlan(a100, 'fp32') }),
    ).toThrow(/batch/);
  });
});
