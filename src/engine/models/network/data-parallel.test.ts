import { describe, expect, it } from 'vitest';
import { predictAllReduce, predictBroadcast, predictReduce } from '../collectives';
import { DDP_BUCKET_BYTES, predictDataParallelStep } from './data-parallel';
import type { StepPrediction } from './step-time';
import { layerCost } from './layer-fixture';
import { computePass, madeUpStep } from './testing/step-fixture';
import type { LayerCost } from './types';

const ms = 1e-3;

/** A single-GPU step: 5 ms forward, `backward` seconds of backward, 1 ms optimizer. */
/** Host seconds the made-up steps spend per forward kernel. */
const HOST_SECONDS_PER_KERNEL = 8e-6;

function step(backward: number, forwardKernels = 0): StepPrediction {
  const gpuSeconds = 5 * ms + backward + 1 * ms;
  return madeUpStep({
    seconds: gpuSeconds,
    gpuSeconds,
    host: {
      forwardSeconds: forwardKernels * HOST_SECONDS_PER_KERNEL,
      backwardSeconds: 0,
      optimizerSeconds: 0,
      fixedSeconds: 0,
    },
    forwardSeconds: 5 * ms,
    backwardSeconds: backward,
    optimizerSeconds: 1 * ms,
    layers: [
      {
        name: 'l',
        type: 'linear',
        forward: computePass(5 * ms, forwardKernels),
        backward: null,
        hostForwardSeconds: 0,
        hostBackwardSeconds: 0,
      },
    ],
  });
}

/** One layer holding `params` parameters, reading `inputs` and writing `outputs` per sample. */
function layers(params: number, inputs = 0, outputs = 0): LayerCost[] {
  return [
    layerCost({
      params,
      weightElements: params,
      forwardIoElements: inputs + outputs,
      outputElements: outputs,
      matmul: true,
    }),
  ];
}

/** Parameters whose fp32 gradients fill exactly two DDP buckets. */
const TWO_BUCKETS = (2 * DDP_BUCKET_BYTES) / 4;
const node = (gpus: number, link: string) => ({ gpus, nodes: 1, link });

/** DDP over one node of `gpus` on `link`: two buckets of gradients, batch 32, `backward` seconds. */
function ddpOnNode(backward: number, gpus: number, link: string) {
  return predictDataParallelStep('ddp', step(backward), layers(TWO_BUCKETS), 32, node(gpus, link));
}

describe('DistributedDataParallel', () => {
  it('costs nothing extra on one GPU', () => {
    const one = ddpOnNode(10 * ms, 1, 'nvlink3');
    expect(one.seconds).toBeCloseTo(16 * ms, 12);
    expect(one.communicationSeconds).toBe(0);
    expect(one.scalingEfficiency).toBeCloseTo(1, 12);
  });

  it('hides every bucket but the last behind backward on a fast link', () => {
    const bucket = predictAllReduce({ bytes: DDP_BUCKET_BYTES, gpus: 8, link: 'nvlink3' }).seconds;
    const p = ddpOnNode(10 * ms, 8, 'nvlink3');
    // Bucket 1 is ready half-way through backward and done long before bucket 2 is ready at
    // its end; only bucket 2's all-reduce is left over.
    expect(p.communicationSeconds).toBeCloseTo(2 * bucket, 12);
    expect(p.exposedCommunicationSeconds).toBeCloseTo(bucket, 12);
    expect(p.seconds).toBeCloseTo(16 * ms + bucket, 12);
    expect(p.speedup).toBeCloseTo((8 * 16 * ms) / (16 * ms + bucket), 9);
    expect(p.phases.map((phase) => phase.name)).toEqual([
      'forward',
      'backward (buckets all-reduced as they fill)',
      'all-reduce left after backward',
      'optimizer',
    ]);
  });

  it('returns each bucket’s all-reduce on the NCCL stream, the gradient bytes and backward', () => {
    const bucket = predictAllReduce({ bytes: DDP_BUCKET_BYTES, gpus: 4, link: 'nvlink3' }).seconds;
    const p = ddpOnNode(10 * ms, 4, 'nvlink3');
    expect(p.gradientBytes).toBe(2 * DDP_BUCKET_BYTES);
    expect(p.backwardSeconds).toBeCloseTo(10 * ms, 12);
    // Bucket 1 is ready half-way through backward (5 + 5 ms), bucket 2 at backward's end.
    expect(p.communicationPhases.map((c) => c.name)).toEqual([
      'all-reduce bucket 1 of 2',
      'all-reduce bucket 2 of 2',
    ]);
    const [first, second] = p.communicationPhases;
    expect(first!.startSeconds).toBeCloseTo(10 * ms, 12);
    expect(first!.endSeconds - first!.startSeconds).toBeCloseTo(bucket, 12);
    expect(second!.startSeconds).toBeCloseTo(15 * ms, 12);
    expect(second!.endSeconds).toBeCloseTo(15 * ms + bucket, 12);
    const sum = p.communicationPhases.reduce((s, c) => s + c.endSeconds - c.startSeconds, 0);
    expect(sum).toBeCloseTo(p.communicationSeconds, 12);
    const alone = ddpOnNode(10 * ms, 1, 'nvlink3');
    expect(alone.communicationPhases).toEqual([]);
  });

  it('queues buckets behind each other when the link is slower than backward', () => {
    const bucket = predictAllReduce({ bytes: DDP_BUCKET_BYTES, gpus: 8, link: 'pcie3' }).seconds;
    expect(bucket).toBeGreaterThan(1 * ms);
    const p = ddpOnNode(2 * ms, 8, 'pcie3');
    // Ready at 6 and 7 ms; the second waits for the first (6 ms + bucket), so both run back to
    // back and finish at 6 ms + 2 buckets, against backward's end at 7 ms.
    expect(p.exposedCommunicationSeconds).toBeCloseTo(2 * bucket - 1 * ms, 12);
    expect(p.scalingEfficiency).toBeLessThan(0.7);
  });

  it('crosses nodes on the slower network and checks the topology', () => {
    const inNode = ddpOnNode(2 * ms, 16, 'nvlink3');
    const twoNodes = predictDataParallelStep('ddp', step(2 * ms), layers(TWO_BUCKETS), 32, {
      gpus: 16,
      nodes: 2,
      link: 'nvlink3',
      nodeLink: 'ib-hdr',
    });
    expect(twoNodes.communicationSeconds).toBeGreaterThan(inNode.communicationSeconds);
    const run = (t: { gpus: number; nodes: number; link: string; nodeLink?: string }) => () =>
      predictDataParallelStep('ddp', step(2 * ms), layers(1000), 1, t);
    expect(run({ gpus: 16, nodes: 2, link: 'nvlink3' })).toThrow(/nodeLink/);
    expect(run({ gpus: 6, nodes: 4, link: 'nvlink3', nodeLink: 'ib-hdr' })).toThrow(
      /gpus \(6\) must divide evenly among nodes \(4\)/,
    );
    expect(run({ gpus: 0, nodes: 1, link: 'nvlink3' })).toThrow(/gpus/);
    expect(() =>
      predictDataParallelStep('fsdp', step(1), layers(1), 1, node(2, 'nvlink3')),
    ).toThrow(/mode.*"fsdp"/);
  });
});

describe('DataParallel', () => {
  it('replicates, scatters, gathers and reduces in series around the compute', () => {
    const params = 1e6;
    const onTwo = (mode: string) =>
      predictDataParallelStep(mode, step(10 * ms), layers(params, 1000, 10), 64, node(2, 'pcie4'));
    const p = onTwo('dp');
    const replicate = predictBroadcast({ bytes: params * 4, gpus: 2, link: 'pcie4' }).seconds;
    const reduce = predictReduce({ bytes: params * 4, gpus: 2, link: 'pcie4' }).seconds;
    expect(p.phases.map((phase) => phase.name)).toEqual([
      'replicate the module',
      'scatter the batch',
      'forward',
      'gather outputs on GPU 0',
      'backward',
      'reduce gradients on GPU 0',
      'optimizer on GPU 0',
    ]);
    expect(p.otherGpuPhases.some((phase) => phase.name.includes('optimizer'))).toBe(false);
    expect(p.communicationPhases).toEqual([]);
    expect(p.gradientBytes).toBe(params * 4);
    expect(p.backwardSeconds).toBeCloseTo(10 * ms, 12);
    expect(p.exposedCommunicationSeconds).toBe(p.communicationSeconds);
    expect(p.communicationSeconds).toBeGreaterThan(replicate + reduce);
    expect(p.seconds).toBeCloseTo(16 * ms + p.communicationSeconds, 12);
    expect(p.seconds).toBeGreaterThan(onTwo('ddp').seconds);
  });

  it('serialises the replicas’ host dispatch, so a host-heavy forward grows with the GPUs', () => {
    // 2,000 forward kernels at 8 us of host each is 16 ms per replica, more than 5 ms of GPU.
    const hostHeavy = step(10 * ms, 2000);
    const forwardOf = (gpus: number) =>
      predictDataParallelStep('dp', hostHeavy, layers(1000), 8, node(gpus, 'pcie4')).phases.find(
        (phase) => phase.name === 'forward',
      )!;
    const width = (phase: { startSeconds: number; endSeconds: number }) =>
      phase.endSeconds - phase.startSeconds;
    expect(width(forwardOf(2))).toBeCloseTo(2 * 2000 * HOST_SECONDS_PER_KERNEL, 12);
    expect(width(forwardOf(4))).toBeCloseTo(4 * 2000 * HOST_SECONDS_PER_KERNEL, 12);
  });

  it('runs in one process on one node only', () => {
    expect(() =>
      predictDataParallelStep('dp', step(1 * ms), layers(1000), 8, {
        gpus: 16,
        nodes: 2,
        link: 'nvlink3',
        nodeLink: 'ib-hdr',
      }),
    ).toThrow(/one node/);
  });
});
