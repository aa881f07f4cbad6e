import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { EXECUTION_MODES, predictTrainStep } from '../../engine/models';
import { effectiveSeq } from '../../network-step';
import { DEFAULT_HOST_OP_MICROSECONDS, networkProfileSchema, rowLimitOf } from './settings';

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
      execution: 'eager',
      fused: false,
      hostOpMicroseconds: 8.49,
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

  it('replaces a bad execution mode, fused flag or host time from a link with its default, each with a notice', () => {
    const checked = checkState(networkProfileSchema, {
      execution: 'warp-speed',
      fused: 'maybe',
      hostOpMicroseconds: 'fast',
    });
    expect(checked.state).toMatchObject({
      execution: 'eager',
      fused: false,
      hostOpMicroseconds: DEFAULT_HOST_OP_MICROSECONDS,
    });
    expect(checked.notices).toHaveLength(3);
    expect(checked.notices.join(' ')).toMatch(/Execution.*Fused optimizer.*Host time per op/);
  });

  it('keeps the host time within 1 to 200 µs, at two decimals', () => {
    const host = (value: unknown) =>
      checkState(networkProfileSchema, { hostOpMicroseconds: value });
    expect(host('-5').state.hostOpMicroseconds).toBe(1);
    expect(host('-5').notices).toHaveLength(1);
    expect(host('1e9').state.hostOpMicroseconds).toBe(200);
    expect(host('12.5').state.hostOpMicroseconds).toBe(12.5);
    expect(host('12.5').notices).toEqual([]);
  });

  it('defaults the host to the engine’s own machine and offers only modes the engine runs', () => {
    const step = (options: object) =>
      predictTrainStep({
        model: 'resnet50',
        gpu: 'a100-sxm-80gb',
        batch: 8,
        precision: 'amp-bf16',
        optimizer: 'adamw',
        ...options,
      }).step;
    expect(step({}).hostOpSeconds).toBeCloseTo(DEFAULT_HOST_OP_MICROSECONDS * 1e-6, 15);
    for (const execution of EXECUTION_MODES) expect(step({ execution }).execution).toBe(execution);
  });

  it('uses the network’s own sequence for 0 and none for networks without one', () => {
    const seqOf = (patch: object) => {
      const { network, seq } = checkState(networkProfileSchema, patch).state;
      return effectiveSeq(network, seq);
    };
    expect(seqOf({ network: 'gpt2-124m' })).toBe(1024);
    expect(seqOf({ network: 'lstm-2x1024', seq: 20 })).toBe(20);
    expect(seqOf({ network: 'resnet50', seq: 64 })).toBeUndefined();
  });

  it('reads the row limit', () => {
    expect(rowLimitOf('25')).toBe(25);
    expect(rowLimitOf('all')).toBe(Number.POSITIVE_INFINITY);
  });

  // Hostile links and round trips of valid states are fuzzed for every widget's schema, this one
  // included, in src/widgets/schemas.test.ts.
});
