import { describe, expect, it } from 'vitest';
import { layerCost } from './layer-fixture';
import {
  bytesSentPerGpu,
  modelStateShares,
  shardedModelState,
  shardUnits,
  stepCollectives,
} from './sharding';

/** Mixed-precision Adam as the engine keeps it: fp32 weights 4, fp32 gradients 4, moments 8. */
const AMP_ADAM = { weights: 4, gradients: 4, optimizer: 8 };

describe('what each ZeRO stage keeps on a GPU', () => {
  it('shards the optimizer state, then the gradients, then the weights', () => {
    expect(modelStateShares('replicate', 8)).toEqual({ weights: 1, gradients: 1, optimizer: 1 });
    expect(modelStateShares('zero1', 8)).toEqual({ weights: 1, gradients: 1, optimizer: 1 / 8 });
    expect(modelStateShares('zero2', 8)).toEqual({
      weights: 1,
      gradients: 1 / 8,
      optimizer: 1 / 8,
    });
    expect(modelStateShares('zero3', 8)).toEqual({
      weights: 1 / 8,
      gradients: 1 / 8,
      optimizer: 1 / 8,
    });
  });

  it('keeps 16 bytes per parameter replicated and 16/N fully sharded', () => {
    const params = 7e9;
    expect(shardedModelState(params, AMP_ADAM, 'replicate', 8).bytesPerParam).toBe(16);
    // 4 + 4 + 8/8 = 9; 4 + 4/8 + 8/8 = 5.5; 16/8 = 2.
    expect(shardedModelState(params, AMP_ADAM, 'zero1', 8).bytesPerParam).toBeCloseTo(9, 12);
    expect(shardedModelState(params, AMP_ADAM, 'zero2', 8).bytesPerParam).toBeCloseTo(5.5, 12);
    for (const gpus of [2, 4, 8, 64]) {
      const full = shardedModelState(params, AMP_ADAM, 'zero3', gpus);
      expect(full.bytesPerParam).toBeCloseTo(16 / gpus, 12);
      expect(full.totalBytes).toBeCloseTo((16 * params) / gpus, 0);
    }
  });

  it('rejects an unknown strategy by name', () => {
    expect(() => modelStateShares('zero4' as never, 8)).toThrow(/sharding must be one of/);
  });
});

describe('what each strategy sends', () => {
  it('sends DDP’s bytes in stages 1 and 2, and half as much again fully sharded', () => {
    const model = 4e9;
    const ddp = bytesSentPerGpu(stepCollectives('replicate', model), 8);
    // 2 × 7/8 × 4 GB = 7 GB.
    expect(ddp).toBeCloseTo(7e9, 0);
    expect(bytesSentPerGpu(stepCollectives('zero1', model), 8)).toBeCloseTo(ddp, 0);
    expect(bytesSentPerGpu(stepCollectives('zero2', model), 8)).toBeCloseTo(ddp, 0);
    const full = bytesSentPerGpu(stepCollectives('zero3', model), 8);
    expect(full / ddp).toBeCloseTo(1.5, 12);
    expect(stepCollectives('zero3', model)).toEqual({
      allReduceBytes: 0,
      reduceScatterBytes: model,
      allGatherBytes: 2 * model,
    });
  });

  it('sends nothing on one GPU', () => {
    expect(bytesSentPerGpu(stepCollectives('zero3', 1e9), 1)).toBe(0);
  });
});

describe('shardUnits', () => {
  it('makes one unit per numbered block and a root unit of the rest', () => {
    const layer = (name: string, params: number) => layerCost({ name, params });
    const units = shardUnits([
      layer('wte', 100),
      layer('h.0.attn', 10),
      layer('h.0.mlp', 20),
      layer('h.1.attn', 10),
      layer('h.1.act', 0),
      layer('ln_f', 2),
      layer('encoder.layer.3.output', 5),
    ]);
    expect(units.map((u) => [u.name, u.params, u.layers])).toEqual([
      ['root', 102, [0, 5]],
      ['h.0', 30, [1, 2]],
      ['h.1', 10, [3, 4]],
      ['encoder.layer.3', 5, [6]],
    ]);
  });
});
