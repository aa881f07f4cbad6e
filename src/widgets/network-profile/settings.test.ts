import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { fuzzSchema } from '../../state/testing/fuzz';
import { effectiveSeq, networkProfileSchema, rowLimitOf } from './settings';

describe('networkProfileSchema', () => {
  it('defaults to a grouped ResNet-50 training step on an A100 80 GB in AMP bf16', () => {
    expect(networkProfileSchema.defaults).toEqual({
      gpu: 'a100-sxm-80gb',
      network: 'resnet50',
      mode: 'train',
      batch: 32,
      seq: 0,
      precision: 'amp-bf16',
      optimizer: 'adamw',
      grouped: true,
      rows: '10',
    });
  });

  it('keeps a sequence within the network’s position table, with a notice', () => {
    const checked = checkState(networkProfileSchema, { network: 'bert-base', seq: 4096 });
    expect(checked.state.seq).toBe(512);
    expect(checked.notices).toEqual([
      'Sequence length can be at most 512 for BERT-base; using 512.',
    ]);
    expect(checkState(networkProfileSchema, { network: 'lstm-2x1024', seq: 5000 }).notices).toEqual(
      [],
    );
  });

  it('replaces unknown names and clamps numbers from a link, each with a notice', () => {
    const checked = checkState(networkProfileSchema, {
      network: 'alexnet',
      batch: '0',
      rows: '7',
    });
    expect(checked.state).toMatchObject({ network: 'resnet50', batch: 1, rows: '10' });
    expect(checked.notices).toHaveLength(3);
  });

  it('uses the network’s own sequence for 0 and none for networks without one', () => {
    const state = (patch: object) => checkState(networkProfileSchema, patch).state;
    expect(effectiveSeq(state({ network: 'gpt2-124m' }))).toBe(1024);
    expect(effectiveSeq(state({ network: 'lstm-2x1024', seq: 20 }))).toBe(20);
    expect(effectiveSeq(state({ network: 'resnet50', seq: 64 }))).toBeUndefined();
  });

  it('reads the row limit', () => {
    expect(rowLimitOf('25')).toBe(25);
    expect(rowLimitOf('all')).toBe(Number.POSITIVE_INFINITY);
  });

  it('survives hostile links and round-trips valid ones', () => {
    expect(fuzzSchema(networkProfileSchema, 300, 11).failures).toEqual([]);
  });
});
