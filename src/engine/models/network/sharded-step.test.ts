import { describe, expect, it } from 'vitest';
import { predictAllGather, predictReduceScatter } from '../collectives';
import { predictDataParallelStep } from './data-parallel';
import { layerCost } from './layer-fixture';
import { predictDataParallel } from './predict-data-parallel';
import type { LayerStep, StepPrediction } from './step-time';
import { computePass, madeUpStep } from './testing/step-fixture';

const ms = 1e-3;
/** Parameters per block: 100 MB of fp32 weights. */
const BLOCK_PARAMS = 25_000_000;

/** A layer's share of the made-up step: `forward` and `backward` seconds. */
function layerStep(name: string, forward: number, backward: number): LayerStep {
  return {
    name,
    type: 'linear',
    forward: computePass(forward),
    backward: computePass(backward),
    hostForwardSeconds: 0,
    hostBackwardSeconds: 0,
  };
}

/** Two blocks of 5 ms forward and 10 ms backward each, then an 8 ms optimizer step. */
const STEP: StepPrediction = madeUpStep({
  seconds: 38 * ms,
  gpuSeconds: 38 * ms,
  forwardSeconds: 10 * ms,
  backwardSeconds: 20 * ms,
  optimizerSeconds: 8 * ms,
  layers: [layerStep('h.0.fc', 5 * ms, 10 * ms), layerStep('h.1.fc', 5 * ms, 10 * ms)],
});
const LAYERS = [
  layerCost({ name: 'h.0.fc', params: BLOCK_PARAMS }),
  layerCost({ name: 'h.1.fc', params: BLOCK_PARAMS }),
];
const NODE = { gpus: 4, nodes: 1, link: 'nvlink3' };
const predict = (strategy: string, topology = NODE) =>
  predictDataParallelStep('ddp', STEP, LAYERS, 32, topology, strategy);

describe('full sharding (ZeRO-3, FSDP)', () => {
  it('gathers each block before its forward and its backward, then reduce-scatters it', () => {
    const p = predict('zero3');
    expect(p.strategy).toBe('zero3');
    expect(p.communicationPhases.map((c) => c.name)).toEqual([
      'all-gather h.0 (forward)',
      'all-gather h.1 (forward)',
      'all-gather h.1 (backward)',
      'all-gather h.0 (backward)',
      'reduce-scatter h.1’s gradients',
      'reduce-scatter h.0’s gradients',
    ]);
    // Nothing can hide the first block's gather: forward starts once it has arrived.
    const gather = predictAllGather({ bytes: BLOCK_PARAMS * 4, gpus: 4, link: 'nvlink3' });
    expect(p.phases[0]).toMatchObject({ name: 'waiting for an all-gather', startSeconds: 0 });
    expect(p.phases[0]!.endSeconds).toBeCloseTo(gather.seconds, 12);
    // The second block's gather runs while the first computes.
    const forwards = p.phases.filter((ph) => ph.name === 'forward');
    expect(forwards).toHaveLength(1);
    expect(forwards[0]!.endSeconds - forwards[0]!.startSeconds).toBeCloseTo(10 * ms, 12);
    // Each GPU updates a quarter of the weights.
    const optimizer = p.phases.at(-1)!;
    expect(optimizer.name).toBe('optimizer on this GPU’s shard');
    expect(optimizer.endSeconds - optimizer.startSeconds).toBeCloseTo(2 * ms, 12);
    expect(p.seconds).toBeCloseTo(optimizer.endSeconds, 12);
    // The step waits for the first gather of each pass (backward's first block was freed after
    // its forward) and for the last reduce-scatter; everything else hides.
    const scatter = predictReduceScatter({ bytes: BLOCK_PARAMS * 4, gpus: 4, link: 'nvlink3' });
    expect(p.exposedCommunicationSeconds).toBeCloseTo(2 * gather.seconds + scatter.seconds, 9);
  });

  it('sends half as much again as DDP: 3(N-1)/N of the weights against 2(N-1)/N', () => {
    const ddp = predict('replicate');
    const full = predict('zero3');
    expect(ddp.bytesSentPerGpu).toBeCloseTo(2 * (3 / 4) * 2 * BLOCK_PARAMS * 4, 0);
    expect(full.bytesSentPerGpu / ddp.bytesSentPerGpu).toBeCloseTo(1.5, 12);
    expect(full.collectives.allGatherBytes).toBe(2 * 2 * BLOCK_PARAMS * 4);
  });

  it('waits for its gathers on a slow link', () => {
    const nvlink = predict('zero3');
    const pcie = predict('zero3', { gpus: 4, nodes: 1, link: 'pcie3' });
    expect(pcie.exposedCommunicationSeconds).toBeGreaterThan(nvlink.exposedCommunicationSeconds);
    expect(
      pcie.phases.filter((ph) => ph.name === 'waiting for an all-gather').length,
    ).toBeGreaterThan(1);
  });
});

describe('ZeRO stages 1 and 2', () => {
  it('reduce-scatter during backward, update a shard, then all-gather the new weights', () => {
    for (const strategy of ['zero1', 'zero2']) {
      const p = predict(strategy);
      expect(p.communicationPhases.every((c) => c.name.startsWith('reduce-scatter bucket'))).toBe(
        true,
      );
      const names = p.phases.map((ph) => ph.name);
      expect(names.slice(-2)).toEqual([
        'optimizer on this GPU’s shard',
        'all-gather the updated weights',
      ]);
      const gather = p.phases.at(-1)!;
      expect(gather.endSeconds - gather.startSeconds).toBeCloseTo(
        predictAllGather({ bytes: 2 * BLOCK_PARAMS * 4, gpus: 4, link: 'nvlink3' }).seconds,
        12,
      );
      expect(p.bytesSentPerGpu).toBeCloseTo(predict('replicate').bytesSentPerGpu, 0);
    }
  });

  it('is not DataParallel’s to have', () => {
    expect(() => predictDataParallelStep('dp', STEP, LAYERS, 32, NODE, 'zero3')).toThrow(
      /needs mode "ddp"/,
    );
    expect(() => predict('zero4')).toThrow(/sharding must be one of/);
  });
});

describe('predictDataParallel with sharding', () => {
  const llama = (sharding: 'replicate' | 'zero1' | 'zero2' | 'zero3') =>
    predictDataParallel({
      model: 'llama2-7b',
      gpu: 'a100-sxm-80gb',
      batch: 1,
      seq: 2048,
      precision: 'amp-bf16',
      optimizer: 'adam',
      mode: 'ddp',
      gpus: 8,
      link: 'nvlink3',
      sharding,
    });

  it('keeps 16/N bytes of model state per parameter fully sharded, so Llama 2 7B fits', () => {
    const ddp = llama('replicate');
    const full = llama('zero3');
    expect(ddp.memory.modelStateBytes / ddp.params).toBeCloseTo(16, 9);
    expect(full.memory.modelStateBytes / full.params).toBeCloseTo(16 / 8, 9);
    expect(llama('zero1').memory.modelStateBytes / ddp.params).toBeCloseTo(4 + 4 + 8 / 8, 9);
    expect(llama('zero2').memory.modelStateBytes / ddp.params).toBeCloseTo(4 + 4 / 8 + 8 / 8, 9);
    // 7 billion parameters at 16 bytes is 108 GB: no 80 GB A100 holds it replicated.
    expect(ddp.fits).toBe(false);
    expect(full.fits).toBe(true);
    expect(full.bytes).toBeLessThan(ddp.bytes / 2);
    expect(full.bytesSentPerGpu / ddp.bytesSentPerGpu).toBeCloseTo(1.5, 9);
  });

  it('changes nothing on one GPU but the optimizer’s shard, which is the whole', () => {
    const one = (sharding: 'replicate' | 'zero3') =>
      predictDataParallel({
        model: 'resnet50',
        gpu: 'a100-sxm-80gb',
        batch: 32,
        precision: 'amp-bf16',
        optimizer: 'adam',
        mode: 'ddp',
        gpus: 1,
        link: 'nvlink3',
        sharding,
      });
    expect(one('zero3').seconds).toBeCloseTo(one('replicate').seconds, 12);
    expect(one('zero3').bytes).toBe(one('replicate').bytes);
    expect(one('zero3').bytesSentPerGpu).toBe(0);
  });
});
