import { describe, expect, it } from 'vitest';
import { getGpu } from '../../engine/catalog';
import { precisionPlan } from '../../engine/models';
import { analyzeMemory, type MemoryResult } from './analysis';
import { sumParts, PART_IDS } from './bar-parts';
import { engineMemoryModel as engine } from './browser-deps';
import { withChange, type MemoryScenario } from './scenario';

const resnet: MemoryScenario = {
  mode: 'train',
  model: 'resnet50',
  gpu: 'a100-sxm-80gb',
  batch: 64,
  precision: 'amp-bf16',
  optimizer: 'sgd',
  checkpointing: false,
  chunkedLoss: false,
  phase: 'forward',
};

const llama: MemoryScenario = {
  ...resnet,
  model: 'llama2-7b',
  gpu: 'rtx-4090',
  batch: 1,
  seq: 1024,
  optimizer: 'adam',
};

function result(scenario: MemoryScenario): MemoryResult {
  const analysis = analyzeMemory(scenario, engine);
  if (analysis.kind !== 'result') throw new Error(`no result: ${analysis.message}`);
  return analysis;
}

describe('analyzeMemory', () => {
  it('cuts the engine’s peak into bar parts that add up to its allocated, reserved and total bytes', () => {
    for (const scenario of [
      resnet,
      llama,
      { ...llama, mode: 'inference', phase: 'decode', gpu: 'a100-sxm-80gb' } as const,
      { ...resnet, checkpointing: true, precision: 'fp32' } as const,
    ]) {
      const r = result(scenario);
      const memory = r.prediction.memory;
      expect(r.parts.map((p) => p.id)).toEqual([...PART_IDS]);
      expect(sumParts(r.parts, ['allocated'])).toBe(memory.allocatedBytes);
      expect(sumParts(r.parts, ['allocated', 'reserved'])).toBe(memory.reservedBytes);
      expect(sumParts(r.parts)).toBe(memory.totalBytes);
      // Each part starts where the one before it ends.
      r.parts.forEach((p, i) => {
        const before = r.parts[i - 1];
        expect(p.startBytes).toBe(before ? before.startBytes + before.bytes : 0);
      });
    }
  });

  it('says a step that fits fits, with its headroom and largest batch, and offers no fixes', () => {
    const r = result(resnet);
    expect(r.fits).toBe(true);
    expect(r.capacityBytes).toBe(getGpu('a100-sxm-80gb').memoryBytes.value);
    expect(r.headroomBytes).toBe(r.capacityBytes - r.prediction.memory.totalBytes);
    expect(r.largestBatch).toBe(r.prediction.largestBatch);
    expect(r.largestBatch).toBeGreaterThan(64);
    expect(r.oom).toBeNull();
    expect(r.fixes).toEqual([]);
  });

  it('shows a language model’s loss head as its own part, its logits and what they cost', () => {
    const bert: MemoryScenario = { ...resnet, model: 'bert-base', seq: 128, batch: 32 };
    const r = result(bert);
    const head = r.parts.find((p) => p.id === 'loss-head');
    const memory = r.prediction.memory;
    expect(head?.bytes).toBe(memory.lossHeadBytes);
    // The masked-LM head's 32 × 128 × 30522 16-bit logits and next-sentence prediction's 32 × 2.
    expect(memory.lossHead?.logitsBytes).toBe((32 * 128 * 30522 + 32 * 2) * 2);
    expect(head?.explanation).toMatch(/logits the model’s output holds/);
    expect(head?.explanation).toMatch(/fp32 copy/);
    // ResNet-50's 1000 classes per image make a sliver.
    const cnn = result(resnet);
    const sliver = cnn.parts.find((p) => p.id === 'loss-head')?.bytes ?? 0;
    expect(sliver / cnn.prediction.memory.allocatedBytes).toBeLessThan(0.01);
  });

  it('names the largest activation layers in the activations part', () => {
    const r = result(resnet);
    const activations = r.parts.find((p) => p.id === 'activations')!;
    const top = r.prediction.memory.largestActivations[0]!;
    expect(activations.explanation).toContain(top.name);
  });

  it('gives PyTorch’s out-of-memory error with this step’s figures when it does not fit', () => {
    const r = result(llama);
    expect(r.fits).toBe(false);
    expect(r.headroomBytes).toBeLessThan(0);
    expect(r.oom?.message).toMatch(
      /^torch\.OutOfMemoryError: CUDA out of memory\. Tried to allocate [\d.]+ MiB\. GPU 0 has a total capacity of 24\.00 GiB of which [\d.]+ MiB is free\./,
    );
    expect(r.oom?.message).toContain('PYTORCH_ALLOC_CONF=expandable_segments:True');
    // 4 B of fp32 weights per parameter: 27 GB of weights cannot even be moved to a 24 GB card.
    expect(r.oom?.where).toMatch(/^while moving the weights of .* to the GPU/);
  });

  it('ranks every fix by the memory it saves, each the engine’s own prediction', () => {
    const r = result({ ...llama, precision: 'fp32' });
    const memoryFixes = r.fixes.filter((f) => f.id !== 'gpu' && f.id !== 'all');
    expect(memoryFixes.map((f) => f.id).sort()).toEqual(
      ['amp', 'checkpointing', 'optimizer'].sort(),
    );
    const saved = memoryFixes.map((f) => f.savedBytes);
    expect(saved).toEqual([...saved].sort((a, b) => b - a));
    expect(r.fixes.at(-1)?.id).toBe('gpu');
    for (const fix of r.fixes) {
      const after = engine.predict(withChange(r.scenario, fix.change));
      expect(fix.totalBytes).toBe(after.memory.totalBytes);
      expect(fix.fits).toBe(after.fits);
      expect(fix.seconds).toBe(after.seconds);
      if (fix.id !== 'gpu')
        expect(fix.savedBytes).toBe(r.prediction.memory.totalBytes - after.memory.totalBytes);
    }
    // AMP on the RTX 4090 uses bf16, which its tensor cores have.
    expect(r.fixes.find((f) => f.id === 'amp')?.change).toEqual({ precision: 'amp-bf16' });
  });

  it('gives the engine’s reason for a precision the GPU lacks, not a blank', () => {
    const analysis = analyzeMemory({ ...resnet, gpu: 't4' }, engine);
    expect(analysis.kind).toBe('problem');
    let reason = '';
    try {
      precisionPlan(getGpu('t4'), 'amp-bf16');
    } catch (error) {
      reason = (error as Error).message;
    }
    expect(reason).toMatch(/no bf16 tensor cores/);
    expect(analysis).toEqual({ kind: 'problem', cause: 'precision', message: reason });
  });

  it('turns input the engine refuses into its message', () => {
    const analysis = analyzeMemory(
      { ...resnet, model: [{ type: 'linear', inFeatures: 0 }] },
      engine,
    );
    expect(analysis).toMatchObject({ kind: 'problem', cause: 'input' });
    if (analysis.kind === 'problem') expect(analysis.message).toMatch(/^layer 0/);
  });

  it('counts a decoder’s KV cache at decode and no gradients at inference', () => {
    const r = result({
      ...llama,
      mode: 'inference',
      phase: 'decode',
      gpu: 'a100-sxm-80gb',
      seq: 4096,
      batch: 8,
    });
    const bytes = Object.fromEntries(r.parts.map((p) => [p.id, p.bytes]));
    expect(bytes['kv-cache']).toBeGreaterThan(0);
    expect(bytes.gradients).toBe(0);
    expect(bytes.optimizer).toBe(0);
  });
});
