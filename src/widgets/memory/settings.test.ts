import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { fuzzSchema } from '../../state/testing/fuzz';
import { effectiveSeq } from '../../network-step';
import { memorySchema, phaseApplies } from './settings';

describe('memorySchema', () => {
  it('defaults to ResNet-50 training on an A100 80 GB in AMP bf16', () => {
    expect(memorySchema.defaults).toMatchObject({
      gpu: 'a100-sxm-80gb',
      network: 'resnet50',
      mode: 'train',
      batch: 64,
      precision: 'amp-bf16',
      optimizer: 'sgd',
      checkpointing: false,
    });
  });

  it('keeps a sequence within the network’s position table, with a notice', () => {
    const checked = checkState(memorySchema, { network: 'gpt2-124m', seq: 4096 });
    expect(checked.state.seq).toBe(1024);
    expect(checked.notices).toEqual(['Sequence length can be at most 1024 for gpt2; using 1024.']);
    expect(checkState(memorySchema, { network: 'lstm-2x1024', seq: 5000 }).notices).toEqual([]);
  });

  it('uses the network’s own sequence for 0 and none for networks without one', () => {
    const seqOf = (patch: object) => {
      const { network, seq } = checkState(memorySchema, patch).state;
      return effectiveSeq(network, seq);
    };
    expect(seqOf({ network: 'llama2-7b' })).toBe(4096);
    expect(seqOf({ network: 'bert-base', seq: 64 })).toBe(64);
    expect(seqOf({ network: 'resnet50', seq: 64 })).toBeUndefined();
    expect(seqOf({ network: 'custom', seq: 64 })).toBeUndefined();
  });

  it('applies the phase only to decoders at inference', () => {
    const state = (patch: object) => checkState(memorySchema, patch).state;
    expect(phaseApplies(state({ network: 'gpt2-124m', mode: 'inference' }))).toBe(true);
    expect(phaseApplies(state({ network: 'gpt2-124m', mode: 'train' }))).toBe(false);
    expect(phaseApplies(state({ network: 'bert-base', mode: 'inference' }))).toBe(false);
  });

  it('survives hostile links and round-trips valid ones', () => {
    expect(fuzzSchema(memorySchema, 300, 42).failures).toEqual([]);
  });
});
