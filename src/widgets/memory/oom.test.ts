import { describe, expect, it } from 'vitest';
import { CachingAllocator } from '../../torch/allocator';
import { PyError } from '../../torch';
import { engineMemoryModel as engine } from './browser-deps';
import { plannedAllocations, replayOutOfMemory, type ReplayInput } from './oom';
import type { MemoryScenario } from './scenario';

const GIB = 2 ** 30;

const gpt2: MemoryScenario = {
  mode: 'train',
  model: 'gpt2-124m',
  gpu: 'rtx-3080',
  batch: 32,
  seq: 1024,
  precision: 'amp-fp16',
  optimizer: 'adamw',
  checkpointing: false,
  chunkedLoss: false,
  phase: 'forward',
};

function replayInput(scenario: MemoryScenario, capacityBytes: number): ReplayInput {
  return {
    layers: engine.layerCosts(scenario),
    memory: engine.predict(scenario).memory,
    mode: scenario.mode,
    optimizer: scenario.optimizer,
    capacityBytes,
  };
}

describe('plannedAllocations', () => {
  it('lays out every tensor the engine counts, to within rounding of a byte per tensor', () => {
    for (const scenario of [
      gpt2,
      { ...gpt2, checkpointing: true },
      { ...gpt2, mode: 'inference', phase: 'decode', model: 'llama2-7b', seq: 512 } as const,
    ]) {
      const input = replayInput(scenario, 80 * GIB);
      const planned = plannedAllocations(input);
      const sum = planned.reduce((s, a) => s + a.bytes, 0);
      expect(Math.abs(sum - input.memory.allocatedBytes)).toBeLessThanOrEqual(planned.length);
      expect(planned.every((a) => a.bytes > 0)).toBe(true);
    }
  });

  it('makes a training step’s tensors in order: weights, forward, gradients, optimizer state', () => {
    const planned = plannedAllocations(replayInput(gpt2, 80 * GIB));
    const stage = (where: string) =>
      /^while moving/.test(where)
        ? 0
        : /^in the forward/.test(where) || /workspace/.test(where)
          ? 1
          : /^in the backward/.test(where)
            ? 2
            : 3;
    const stages = planned.map((a) => stage(a.where));
    expect(stages).toEqual([...stages].sort((a, b) => a - b));
    expect(planned.at(-1)?.where).toMatch(/^in optimizer\.step\(\), creating the AdamW moments/);
  });
});

describe('replayOutOfMemory', () => {
  it('finds room for everything on a GPU large enough', () => {
    expect(replayOutOfMemory(replayInput(gpt2, 80 * GIB))).toBeNull();
  });

  it('reports the first allocation that fails, in the console allocator’s own words', () => {
    const input = replayInput(gpt2, 10 * GIB);
    const report = replayOutOfMemory(input);
    expect(report).not.toBeNull();
    // The same allocations through the console's allocator raise the same message.
    const allocator = new CachingAllocator(10 * GIB, input.memory.contextBytes);
    let message = '';
    try {
      for (const a of plannedAllocations(input)) allocator.allocate(a.bytes);
    } catch (error) {
      message = (error as PyError).display;
    }
    expect(report?.message).toBe(message);
    expect(report?.message).toMatch(
      /^torch\.OutOfMemoryError: CUDA out of memory\. Tried to allocate .*GPU 0 has a total capacity of 10\.00 GiB of which .* is free\. Including non-PyTorch memory, this process has .* memory in use\. Of the allocated memory .* is allocated by PyTorch, and .* is reserved by PyTorch but unallocated\./,
    );
    expect(report?.where).toMatch(/^in the forward pass/);
  });
});
