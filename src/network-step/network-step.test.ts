import { describe, expect, it, vi } from 'vitest';
import { cudaGpus } from '../torch';
import { checkState, defineWidgetSchema } from '../state/schema';
import {
  batchField,
  catalogGpuField,
  checkStepSeq,
  inferenceRequestOf,
  networkField,
  networkName,
  networkStepOf,
  PRINT_NETWORK,
  remembered,
  seqField,
  sequenceName,
  sessionGpuField,
  STEP_LIMITS,
  trainRequestOf,
  zooNetworkOf,
  type NetworkStep,
} from './index';

const step: NetworkStep = {
  model: 'gpt2-124m',
  gpu: 'a100-sxm-80gb',
  mode: 'train',
  batch: 8,
  seq: 512,
  precision: 'amp-bf16',
  optimizer: 'adamw',
};

describe('a network step', () => {
  it('builds the engine’s requests with only the options a widget gave', () => {
    expect(trainRequestOf(step)).toEqual({
      model: 'gpt2-124m',
      gpu: 'a100-sxm-80gb',
      batch: 8,
      seq: 512,
      precision: 'amp-bf16',
      optimizer: 'adamw',
    });
    const profiled = {
      ...step,
      execution: 'compiled',
      hostOpSeconds: 2e-6,
      fusedOptimizer: true,
    } as const;
    expect(trainRequestOf({ ...profiled, checkpointing: false })).toEqual({
      ...trainRequestOf(step),
      execution: 'compiled',
      hostOpSeconds: 2e-6,
      fusedOptimizer: true,
      checkpointing: false,
    });
    // Inference takes no optimizer, and a forward pass unless the step says otherwise.
    expect(inferenceRequestOf({ ...profiled, mode: 'inference' })).toEqual({
      model: 'gpt2-124m',
      gpu: 'a100-sxm-80gb',
      batch: 8,
      seq: 512,
      precision: 'amp-bf16',
      execution: 'compiled',
      hostOpSeconds: 2e-6,
      phase: 'forward',
    });
    expect(inferenceRequestOf({ ...step, mode: 'inference', phase: 'decode' }).phase).toBe(
      'decode',
    );
  });

  it('reads the step from settings: the zoo network or the learner’s layers, and its sequence', () => {
    const settings = {
      network: 'bert-base',
      gpu: 't4',
      mode: 'inference',
      batch: 4,
      seq: 0,
      precision: 'amp-fp16',
      optimizer: 'sgd',
    } as const;
    expect(networkStepOf(settings, [])).toEqual({
      model: 'bert-base',
      gpu: 't4',
      mode: 'inference',
      batch: 4,
      seq: zooNetworkOf('bert-base')!.defaultSeq,
      precision: 'amp-fp16',
      optimizer: 'sgd',
    });
    const layers = [{ type: 'linear' }];
    const printed = networkStepOf({ ...settings, network: PRINT_NETWORK, seq: 64 }, layers);
    expect(printed.model).toBe(layers);
    expect(printed.seq).toBeUndefined();
    expect(networkStepOf({ ...settings, network: 'resnet50', seq: 64 }, []).seq).toBeUndefined();
  });

  it('names the sequence for what it counts', () => {
    expect(sequenceName(zooNetworkOf('lstm-2x1024')!)).toBe('Time steps');
    expect(sequenceName(zooNetworkOf('gpt2-124m')!, 'decode')).toBe('Cached positions');
    expect(sequenceName(zooNetworkOf('gpt2-124m')!, 'prefill')).toBeNull();
    expect(networkName('print')).toBe('Paste print(model)');
    expect(networkName('resnet50')).toBe(zooNetworkOf('resnet50')!.name);
  });
});

describe('the step’s fields', () => {
  const schema = defineWidgetSchema({
    id: 'step',
    version: 1,
    fields: {
      network: networkField([PRINT_NETWORK]),
      batch: batchField({ default: 32 }),
      seq: seqField(),
    },
    check: checkStepSeq,
  });

  it('have one set of limits, and keep a sequence within the network’s positions', () => {
    expect(schema.fields.batch).toMatchObject(STEP_LIMITS.batch);
    expect(batchField({ default: 1, label: 'Batch per GPU' })).toMatchObject({
      label: 'Batch per GPU',
      ...STEP_LIMITS.batch,
    });
    expect(checkState(schema, { batch: 2_000_000 }).notices).toEqual([
      'Batch size can be at most 1,048,576; using 1,048,576.',
    ]);
    const checked = checkState(schema, { network: 'gpt2-124m', seq: 4096 });
    expect(checked.state.seq).toBe(1024);
    expect(checked.notices).toEqual(['Sequence length can be at most 1024 for gpt2; using 1024.']);
    expect(checkState(schema, { network: 'print', seq: 4096 }).state.seq).toBe(4096);
  });

  it('offer the CUDA catalog GPUs, or those a widget keeps, under the picker’s label', () => {
    const all = cudaGpus().map((g) => g.id);
    expect(catalogGpuField().values).toBeTypeOf('function');
    expect((catalogGpuField().values as () => readonly string[])()).toEqual(all);
    const some = catalogGpuField({ only: (g) => g.id === all[0] });
    expect((some.values as () => readonly string[])()).toEqual([all[0]]);
    expect([catalogGpuField().label, catalogGpuField().formLabel]).toEqual([
      'GPU',
      'Simulated GPU',
    ]);
    expect(sessionGpuField().label).toBe('Simulated GPU');
  });
});

describe('remembered answers', () => {
  it('answers a request again from memory, keeps the most recent ones, and asks again after a throw', () => {
    const answer = vi.fn((n: { x: number }) => {
      if (n.x < 0) throw new RangeError('no');
      return { twice: n.x * 2 };
    });
    const ask = remembered(answer, 2);
    const first = ask({ x: 1 });
    expect(ask({ x: 1 })).toBe(first);
    expect(answer).toHaveBeenCalledTimes(1);
    ask({ x: 2 });
    ask({ x: 3 });
    ask({ x: 1 });
    expect(answer).toHaveBeenCalledTimes(4);
    expect(() => ask({ x: -1 })).toThrow('no');
    expect(() => ask({ x: -1 })).toThrow('no');
    expect(answer).toHaveBeenCalledTimes(6);
  });
});
