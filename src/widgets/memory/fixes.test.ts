import { describe, expect, it } from 'vitest';
import { engineMemoryModel as engine } from './browser-deps';
import { ampPrecisionFor, computeFixes, rankFixes, type MemoryFix } from './fixes';
import type { MemoryScenario } from './scenario';

const fix = (id: MemoryFix['id'], savedBytes: number): MemoryFix => ({
  id,
  title: id,
  detail: '',
  change: {},
  capacityBytes: 0,
  totalBytes: 0,
  savedBytes,
  fits: false,
  seconds: 1,
  timePerSampleRatio: 1,
});

const bert: MemoryScenario = {
  mode: 'train',
  model: 'bert-large',
  gpu: 'v100-sxm2-16gb',
  batch: 64,
  seq: 512,
  precision: 'fp32',
  optimizer: 'adamw',
  checkpointing: false,
  chunkedLoss: false,
  phase: 'forward',
};

describe('rankFixes', () => {
  it('puts the fixes that save most first, then all together, then another GPU', () => {
    const ranked = rankFixes([
      fix('gpu', 0),
      fix('optimizer', 10),
      fix('all', 500),
      fix('halve-batch', 300),
      fix('amp', 300),
      fix('checkpointing', 400),
    ]);
    expect(ranked.map((f) => f.id)).toEqual([
      'checkpointing',
      'halve-batch',
      'amp',
      'optimizer',
      'all',
      'gpu',
    ]);
  });
});

describe('computeFixes', () => {
  it('offers fp16 AMP where the GPU lacks bf16, and the largest batch that fits', () => {
    expect(ampPrecisionFor(bert, engine)).toBe('amp-fp16');
    expect(ampPrecisionFor({ ...bert, gpu: 'a100-sxm-40gb' }, engine)).toBe('amp-bf16');
    const current = engine.predict(bert);
    expect(current.fits).toBe(false);
    const fixes = computeFixes(bert, current, engine);
    const ids = fixes.map((f) => f.id);
    expect(ids).toEqual(
      expect.arrayContaining(['halve-batch', 'checkpointing', 'amp', 'optimizer', 'gpu']),
    );
    expect(fixes.find((f) => f.id === 'amp')?.change).toEqual({ precision: 'amp-fp16' });
    const largest = fixes.find((f) => f.id === 'largest-batch');
    expect(largest?.change).toEqual({ batch: current.largestBatch });
    expect(largest?.fits).toBe(true);
    // The smallest catalog GPU that holds the step, and it does.
    const gpu = fixes.find((f) => f.id === 'gpu')!;
    expect(gpu.fits).toBe(true);
    expect(gpu.capacityBytes).toBeGreaterThanOrEqual(current.memory.totalBytes);
    const smaller = engine
      .gpus()
      .filter((g) => g.memoryBytes.value < gpu.capacityBytes && g.id !== bert.gpu);
    expect(smaller.every((g) => g.memoryBytes.value < current.memory.totalBytes)).toBe(true);
  });

  it('offers no training fixes at inference', () => {
    const scenario: MemoryScenario = { ...bert, mode: 'inference', batch: 4096, gpu: 'gtx-1650' };
    const current = engine.predict(scenario);
    expect(current.fits).toBe(false);
    const ids = computeFixes(scenario, current, engine).map((f) => f.id);
    expect(ids).not.toContain('checkpointing');
    expect(ids).not.toContain('optimizer');
    expect(ids).toContain('halve-batch');
  });

  it('offers a chunked cross-entropy where the loss head is a big part, saving what the engine says', () => {
    const gpt2: MemoryScenario = {
      ...bert,
      model: 'gpt2-124m',
      gpu: 'rtx-3080',
      batch: 16,
      seq: 1024,
      precision: 'amp-fp16',
    };
    const current = engine.predict(gpt2);
    expect(current.fits).toBe(false);
    expect(current.memory.lossHeadBytes / current.memory.allocatedBytes).toBeGreaterThan(0.3);
    const chunked = computeFixes(gpt2, current, engine).find((f) => f.id === 'chunked-loss');
    expect(chunked?.change).toEqual({ chunkedLoss: true });
    const after = engine.predict({ ...gpt2, chunkedLoss: true });
    expect(chunked?.savedBytes).toBe(current.memory.totalBytes - after.memory.totalBytes);
    expect(after.memory.lossHeadBytes).toBeLessThan(current.memory.lossHeadBytes / 20);
    // ResNet-50's loss head is 1000 classes per image: nothing to chunk.
    const resnet: MemoryScenario = { ...bert, model: 'resnet50', batch: 2048, seq: undefined };
    const fixes = computeFixes(resnet, engine.predict(resnet), engine);
    expect(fixes.some((f) => f.id === 'chunked-loss')).toBe(false);
  });

  it('costs time per sample: checkpointing recomputes the forward pass', () => {
    const fixes = computeFixes(bert, engine.predict(bert), engine);
    const checkpointing = fixes.find((f) => f.id === 'checkpointing')!;
    expect(checkpointing.timePerSampleRatio).toBeGreaterThan(1.1);
    expect(checkpointing.savedBytes).toBeGreaterThan(0);
  });
});
