import { describe, it, expect } from 'vitest';
import { predictAllReduce, predictMultiNodeAllReduce } from './collectives';
import { getGpu } from '../catalog/hardware';
import { predictDataParallel } from './network/predict-data-parallel';
import { predictInference, predictTrainStep } from './network/predict-network';
import { runScenarios } from './scenarios';
import { BERT_BASE_ON_H200 } from './network/testing/requests';

/** The answers of a run that must succeed. */
function answers(scenarios: unknown[]): Array<Record<string, unknown>> {
  const run = runScenarios(scenarios);
  if (!run.ok) throw new Error(run.message);
  return run.results as Array<Record<string, unknown>>;
}

/** The error messages of a run, in order ('' for an answered scenario). */
function errors(scenarios: unknown[]): string[] {
  return answers(scenarios).map((r) => (typeof r.error === 'string' ? r.error : ''));
}

const rn50 = {
  op: 'train-step',
  model: 'resnet50',
  gpu: 'a100-sxm-80gb',
  batch: 256,
  precision: 'amp-fp16',
  optimizer: 'sgd',
};

describe('whole-network scenarios', () => {
  it('answers a training step with the seconds, peak bytes and fit of the network model', () => {
    const [answer] = answers([{ id: 'rn50', ...rn50 }]);
    const direct = predictTrainStep({ ...rn50, precision: 'amp-fp16', optimizer: 'sgd' });
    expect(answer).toEqual({
      id: 'rn50',
      seconds: direct.seconds,
      bytes: direct.memory.allocatedBytes,
      fits: true,
      largestBatch: direct.largestBatch,
      kernels: direct.step.kernels,
      hostSeconds: direct.step.hostSeconds,
      gpuSeconds: direct.step.gpuSeconds,
      bound: 'gpu',
    });
    expect(direct.largestBatch).toBeGreaterThan(256);
  });

  it('takes the host fields: hostOpSeconds, execution and fusedOptimizer, and names unknown ones', () => {
    const bert = { op: 'train-step', ...BERT_BASE_ON_H200 };
    const [eager, slowHost, compiled, graphs, fused] = answers([
      { id: 1, ...bert },
      { id: 2, ...bert, hostOpSeconds: 16.98e-6 },
      { id: 3, ...bert, execution: 'compiled' },
      { id: 4, ...bert, execution: 'cuda-graphs' },
      { id: 5, ...bert, fusedOptimizer: true },
    ]);
    expect(eager?.bound).toBe('host');
    expect(slowHost?.hostSeconds as number).toBeCloseTo(2 * (eager?.hostSeconds as number), 6);
    expect(compiled?.kernels as number).toBeLessThan((eager?.kernels as number) / 2);
    expect(compiled?.seconds as number).toBeLessThan((eager?.seconds as number) / 2);
    expect(graphs?.hostSeconds as number).toBeLessThan(compiled?.hostSeconds as number);
    expect(graphs?.bound).toBe('gpu');
    expect(fused?.kernels as number).toBeLessThan(eager?.kernels as number);
    expect(fused?.seconds as number).toBeLessThan(eager?.seconds as number);
    const [bad1, bad2, bad3, bad4] = errors([
      { id: 6, ...bert, execution: 'jit' },
      { id: 7, ...bert, fusedOptimizer: 'yes' },
      { id: 8, ...bert, hostOpSeconds: -1 },
      { id: 9, ...bert, hostOps: 1e-5 },
    ]);
    expect(bad1).toMatch(/execution.*"jit"/);
    expect(bad2).toMatch(/fusedOptimizer must be true or false, got "yes"/);
    expect(bad3).toMatch(/hostOpSeconds/);
    expect(bad4).toMatch(/unknown field "hostOps"/);
  });

  it('takes attention "flash" or "math": math stores and moves the scores, flash does not', () => {
    const long = { op: 'train-step', ...BERT_BASE_ON_H200, seq: 512 };
    const [byDefault, flash, math, mathInference] = answers([
      { id: 1, ...long },
      { id: 2, ...long, attention: 'flash' },
      { id: 3, ...long, attention: 'math' },
      { id: 4, ...long, op: 'inference', phase: 'forward', attention: 'math' },
    ]);
    expect({ ...flash, id: 0 }).toEqual({ ...byDefault, id: 0 });
    // 32 × 12 heads × 512² scores per layer: the math form keeps 3.5 16-bit elements of each.
    const scoresBytes = 32 * 12 * 512 * 512 * 12 * 3.5 * 2;
    expect((math?.bytes as number) - (flash?.bytes as number)).toBeGreaterThan(0.8 * scoresBytes);
    expect(math?.seconds as number).toBeGreaterThan(1.2 * (flash?.seconds as number));
    expect(math?.kernels as number).toBeGreaterThan(flash?.kernels as number);
    expect(mathInference?.seconds as number).toBeLessThan(math?.seconds as number);
    expect(errors([{ id: 5, ...long, attention: 'fused' }])[0]).toMatch(
      /attention must be one of .*"fused"|attention.*"fused"/,
    );
  });

  it('prices an inference forward without autograd on the host: BERT-base as measured', () => {
    // docs/device-runs.md (issue 20, case 11): 7.9 and 8.4 ms on the H200 whose tiny op took
    // 6.32 us; the no_grad container cost was fitted on it, so it must come back.
    const [inference, training] = answers([
      {
        id: 1,
        op: 'inference',
        ...BERT_BASE_ON_H200,
        phase: 'forward',
        hostOpSeconds: 6.32e-6,
      },
      { id: 2, op: 'train-step', ...BERT_BASE_ON_H200, hostOpSeconds: 6.32e-6 },
    ]);
    expect(inference?.hostSeconds as number).toBeCloseTo(8.15e-3, 3);
    expect(inference?.hostSeconds as number).toBeLessThan(0.4 * (training?.hostSeconds as number));
  });

  it('keeps what Inductor keeps when compiled: less activation memory, the loss without fp32 copies', () => {
    const gpt2 = {
      op: 'train-step',
      model: 'gpt2-124m',
      gpu: 'h200-sxm',
      batch: 8,
      seq: 1024,
      precision: 'amp-bf16',
      optimizer: 'adamw',
    };
    const [eager, compiled, graphs, overhead] = answers([
      { id: 1, ...gpt2 },
      { id: 2, ...gpt2, execution: 'compiled' },
      { id: 3, ...gpt2, execution: 'cuda-graphs' },
      { id: 4, ...gpt2, execution: 'reduce-overhead' },
    ]);
    // 8 x 1,024 x 50,257 logits: eager keeps fp32 log-probabilities and gradients besides the
    // bf16 logits; compiled keeps the logits and their bf16 gradient. The difference alone is
    // more than 4 bytes a logit.
    const logits = 8 * 1024 * 50_257;
    expect((eager?.bytes as number) - (compiled?.bytes as number)).toBeGreaterThan(4 * logits);
    expect(overhead?.bytes).toBe(compiled?.bytes);
    // Capturing the eager step changes no tensor, and no kernel's time.
    expect(graphs?.bytes).toBe(eager?.bytes);
    expect(graphs?.kernels).toBe(eager?.kernels);
    expect(graphs?.gpuSeconds as number).toBeGreaterThan(0.9 * (eager?.gpuSeconds as number));
    expect(graphs?.hostSeconds as number).toBeLessThan(1e-3);
  });

  it("counts Hugging Face's attention Python: Llama's rotary embedding and the cache's copies", () => {
    const decode = {
      op: 'inference',
      model: 'llama2-7b',
      gpu: 'h200-sxm',
      batch: 1,
      seq: 512,
      precision: 'amp-bf16',
      phase: 'decode',
    };
    const [llama, llamaOwnLayers] = answers([
      { id: 1, ...decode },
      {
        id: 2,
        ...decode,
        model: [
          { type: 'attention', heads: 32, headDim: 128, queries: 1, keys: 512, causal: true },
        ],
      },
    ]);
    const [plain] = answers([
      {
        id: 3,
        ...decode,
        model: [
          {
            type: 'attention',
            heads: 32,
            headDim: 128,
            queries: 1,
            keys: 512,
            causal: true,
            rotary: true,
            cacheUpdate: true,
          },
        ],
      },
    ]);
    // Rotary: ten kernels for Q and K; the cache: two concatenations.
    expect(plain?.kernels as number).toBe((llamaOwnLayers?.kernels as number) + 12);
    expect(llama?.bound).toBe('host');
  });

  it('answers a model too big for the GPU with its bytes and fits: false, not an error', () => {
    const run = runScenarios([
      {
        id: 'llama-4090',
        op: 'train-step',
        model: 'llama2-7b',
        gpu: 'rtx-4090',
        batch: 1,
        seq: 512,
        precision: 'amp-bf16',
        optimizer: 'adamw',
      },
    ]);
    expect(run.ok && run.exitCode).toBe(0);
    if (!run.ok) return;
    const result = run.results[0] as Record<string, unknown>;
    // 6.74 B parameters at 16 bytes each (weights, gradients, two Adam moments) is over 100 GB.
    expect(result.bytes).toBeGreaterThan(6.7e9 * 16);
    expect(result.fits).toBe(false);
    expect(result.largestBatch).toBe(0);
    expect(result).not.toHaveProperty('error');
  });

  it('shrinks peak memory when checkpointing is on', () => {
    const base = { ...rn50, id: 'a', model: 'gpt2-124m', seq: 1024, batch: 8 };
    const [plain, checkpointed] = answers([base, { ...base, id: 'b', checkpointing: true }]);
    expect(Number(checkpointed!.bytes)).toBeLessThan(Number(plain!.bytes));
    expect(Number(checkpointed!.seconds)).toBeGreaterThan(Number(plain!.seconds));
  });

  it('answers inference phases, decode per token from the KV cache', () => {
    const decode = {
      id: 'decode',
      op: 'inference',
      model: 'llama2-7b',
      gpu: 'a100-sxm-80gb',
      batch: 1,
      seq: 512,
      precision: 'amp-bf16',
      phase: 'decode',
    };
    const [answer] = answers([decode]);
    const direct = predictInference({ ...decode, precision: 'amp-bf16', phase: 'decode' });
    expect(answer).toMatchObject({ seconds: direct.seconds, bytes: direct.bytes, fits: true });
    // Reading 13.5 GB of bf16 weights at the A100's 2.04 TB/s takes at least 6.6 ms per token.
    expect(direct.seconds).toBeGreaterThan((6.74e9 * 2) / 2.039e12);
  });

  it('answers an all-reduce on one node and across nodes with the collective models', () => {
    const [one, two] = answers([
      { id: 1, op: 'allreduce', gpu: 'a100-sxm-80gb', gpus: 8, bytes: 2 ** 33, link: 'nvlink3' },
      {
        id: 2,
        op: 'allreduce',
        gpu: 'h100-sxm',
        gpus: 16,
        nodes: 2,
        bytes: 1e9,
        link: 'nvlink4',
        nodeLink: 'ib-ndr',
      },
    ]);
    expect(one).toEqual({
      id: 1,
      seconds: predictAllReduce({ bytes: 2 ** 33, gpus: 8, link: 'nvlink3' }).seconds,
    });
    expect(two).toEqual({
      id: 2,
      seconds: predictMultiNodeAllReduce({
        bytes: 1e9,
        gpusPerNode: 8,
        nodes: 2,
        intraNodeLink: 'nvlink4',
        interNodeLink: 'ib-ndr',
      }).seconds,
    });
  });

  it('answers a data-parallel step with per-GPU bytes and scaling efficiency', () => {
    const request = {
      model: 'resnet50',
      gpu: 'rtx-3080',
      gpus: 2,
      batch: 64,
      precision: 'amp-fp16' as const,
      optimizer: 'sgd' as const,
      link: 'pcie4',
    };
    const [ddp, dp, full] = answers([
      { id: 'ddp', op: 'data-parallel-step', mode: 'ddp', ...request },
      { id: 'dp', op: 'data-parallel-step', mode: 'dp', ...request },
      { id: 'full', op: 'data-parallel-step', mode: 'ddp', sharding: 'zero3', ...request },
    ]);
    expect(full!.bytes).toBe(
      predictDataParallel({ ...request, mode: 'ddp', sharding: 'zero3' }).bytes,
    );
    expect(Number(full!.bytes)).toBeLessThan(Number(ddp!.bytes));
    const direct = predictDataParallel({ ...request, mode: 'dp' });
    expect(dp).toEqual({
      id: 'dp',
      seconds: direct.seconds,
      bytes: direct.bytes,
      fits: true,
      scalingEfficiency: direct.scalingEfficiency,
    });
    expect(Number(dp!.seconds)).toBeGreaterThan(Number(ddp!.seconds));
  });

  it('names the bad value of each impossible network scenario', () => {
    const messages = errors([
      { ...rn50, id: 0, gpu: 't4', precision: 'amp-bf16' },
      { ...rn50, id: 1, precision: 'fp64' },
      { ...rn50, id: 2, optimizer: 'lamb' },
      { ...rn50, id: 3, model: 'alexnet' },
      { ...rn50, id: 4, model: 42 },
      { ...rn50, id: 5, batch: 0 },
      { ...rn50, id: 6, checkpointing: 'yes' },
      { ...rn50, id: 7, op: 'inference', phase: 'decode' },
      { ...rn50, id: 8, op: 'inference', phase: 'backward' },
      { id: 9, op: 'allreduce', gpu: 'h100-pcie', gpus: 2, bytes: 1, link: 'nvlink4' },
      { id: 10, op: 'allreduce', gpu: 'h100-sxm', gpus: 2, bytes: 1, link: 'ib-ndr' },
      { id: 11, op: 'allreduce', gpu: 'apple-m2', gpus: 2, bytes: 1, link: 'pcie4' },
      { ...rn50, id: 12, op: 'data-parallel-step', gpus: 2, link: 'nvlink3', mode: 'fsdp' },
      {
        ...rn50,
        id: 13,
        op: 'data-parallel-step',
        gpus: 3,
        nodes: 2,
        link: 'nvlink3',
        mode: 'ddp',
      },
      { ...rn50, id: 14, model: [{ type: 'linear', inFeatures: 0, outFeatures: 10 }] },
      { ...rn50, id: 15, model: 'bert-large', seq: 4096 },
      {
        ...rn50,
        id: 16,
        op: 'data-parallel-step',
        gpus: 2,
        link: 'nvlink3',
        mode: 'ddp',
        sharding: 'zero4',
      },
    ]);
    expect(messages[0]).toMatch(/"t4" has no bf16 tensor cores/);
    expect(messages[1]).toMatch(/precision.*"fp64"/);
    expect(messages[2]).toMatch(/optimizer.*"lamb"/);
    expect(messages[3]).toMatch(/"alexnet"/);
    expect(messages[4]).toMatch(/model must be a zoo id or an array of layers, got 42/);
    expect(messages[5]).toMatch(/batch.*0/);
    expect(messages[6]).toMatch(/checkpointing must be true or false, got "yes"/);
    expect(messages[7]).toMatch(/phase "decode" is for decoder language models/);
    expect(messages[8]).toMatch(/phase.*"backward"/);
    expect(messages[9]).toMatch(/h100-pcie cannot use link "nvlink4"; it can use pcie5/);
    expect(messages[10]).toMatch(/"ib-ndr" joins nodes/);
    expect(messages[11]).toMatch(/apple-m2 is a single integrated GPU/);
    expect(messages[12]).toMatch(/mode.*"fsdp"/);
    expect(messages[13]).toMatch(/gpus \(3\) must divide evenly among nodes \(2\)/);
    expect(messages[14]).toMatch(/layer 0.*inFeatures/);
    expect(messages[15]).toMatch(/seq must be at most 512 for bert-large, got 4096/);
    expect(messages[16]).toMatch(
      /sharding must be one of replicate, zero1, zero2, zero3; got "zero4"/,
    );
  });

  it("takes a learner's own layer list as the model", () => {
    const layers = [
      { type: 'linear', inFeatures: 784, outFeatures: 10 },
      { type: 'softmax-cross-entropy', classes: 10 },
    ];
    const [answer] = answers([{ ...rn50, id: 'own', model: layers, gpu: 't4', precision: 'fp32' }]);
    const direct = predictTrainStep({
      ...rn50,
      model: layers,
      gpu: 't4',
      precision: 'fp32',
      optimizer: 'sgd',
    });
    expect(answer).toMatchObject({ seconds: direct.seconds, bytes: direct.bytes, fits: true });
    expect(direct.params).toBe(784 * 10 + 10);
    expect(getGpu('t4').memoryBytes.value).toBeGreaterThan(direct.bytes);
  });
});
