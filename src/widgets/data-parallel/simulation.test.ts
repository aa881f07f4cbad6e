import { describe, expect, it } from 'vitest';
import type { DataParallelPrediction } from '../../engine/models';
import { checkState } from '../../state/schema';
import { engineDataParallel } from './browser-deps';
import {
  analyzeDataParallel,
  kindOf,
  lanesOf,
  requestOf,
  scalingSweep,
  stopsHidingAt,
  type ScalingPoint,
} from './simulation';
import { dataParallelSchema } from './settings';

const settings = (patch: object = {}) => checkState(dataParallelSchema, patch).state;

/** A made-up DataParallel step: GPU 0 does 10 ms, the others 8 ms. */
const dp: DataParallelPrediction = {
  mode: 'dp',
  strategy: null,
  collectives: { allReduceBytes: 0, reduceScatterBytes: 0, allGatherBytes: 0 },
  bytesSentPerGpu: 8e6,
  seconds: 0.01,
  singleGpuSeconds: 0.008,
  speedup: 3.2,
  scalingEfficiency: 0.8,
  communicationSeconds: 0.002,
  exposedCommunicationSeconds: 0.002,
  gradientBytes: 4e6,
  backwardSeconds: 0.004,
  communicationPhases: [],
  phases: [
    { name: 'replicate the module', startSeconds: 0, endSeconds: 0.001 },
    { name: 'forward', startSeconds: 0.001, endSeconds: 0.003 },
    { name: 'backward', startSeconds: 0.003, endSeconds: 0.007 },
    { name: 'reduce gradients on GPU 0', startSeconds: 0.007, endSeconds: 0.008 },
    { name: 'optimizer on GPU 0', startSeconds: 0.008, endSeconds: 0.01 },
  ],
  otherGpuPhases: [
    { name: 'receive the module', startSeconds: 0, endSeconds: 0.001 },
    { name: 'forward', startSeconds: 0.001, endSeconds: 0.003 },
    { name: 'backward', startSeconds: 0.003, endSeconds: 0.007 },
    { name: 'send gradients', startSeconds: 0.007, endSeconds: 0.008 },
  ],
};

describe('timeline lanes', () => {
  it('gives GPU 0 the engine’s phases and the others theirs, idle up to the step’s end', () => {
    const lanes = lanesOf(dp, 4);
    expect(lanes).toHaveLength(4);
    expect(lanes[0]!.segments.map((s) => s.kind)).toEqual([
      'communication',
      'forward',
      'backward',
      'communication',
      'optimizer',
    ]);
    const other = lanes[1]!.segments;
    expect(other.at(-1)).toEqual({
      name: 'idle, waiting for GPU 0',
      kind: 'idle',
      startSeconds: 0.008,
      endSeconds: 0.01,
    });
    expect(lanes[0]!.busySeconds).toBeCloseTo(0.01, 12);
    expect(lanes[3]!.busySeconds).toBeCloseTo(0.008, 12);
  });

  it('draws at most 8 lanes and at least one', () => {
    expect(lanesOf(dp, 32)).toHaveLength(8);
    expect(lanesOf(dp, 0)).toHaveLength(1);
  });

  it('names phase kinds from the engine’s names', () => {
    expect(kindOf('backward (buckets all-reduced as they fill)')).toBe('backward');
    expect(kindOf('all-reduce left after backward')).toBe('communication');
    expect(kindOf('gather outputs on GPU 0')).toBe('communication');
    expect(kindOf('optimizer on GPU 0')).toBe('optimizer');
    expect(kindOf('recompute')).toBe('forward');
  });

  it('puts DDP’s bucket all-reduces on every lane’s NCCL stream, beside backward', () => {
    const analysis = analyzeDataParallel(settings({ network: 'bert-large' }), engineDataParallel);
    if (analysis.kind !== 'result') throw new Error(analysis.message);
    const lanes = lanesOf(analysis.ddp, 4);
    const backward = lanes[0]!.segments.find((s) => s.name.startsWith('backward'))!;
    expect(lanes[2]!.communication.length).toBeGreaterThan(1);
    expect(lanes[2]!.communication[0]!.startSeconds).toBeGreaterThan(backward.startSeconds);
    expect(lanes[2]!.communication[0]!.endSeconds).toBeLessThan(backward.endSeconds);
    // Under DDP every GPU does the same work.
    expect(lanes[0]!.busySeconds).toBeCloseTo(lanes[3]!.busySeconds, 12);
  });
});

describe('analyzeDataParallel with the engine', () => {
  it('at 4 GPUs, DataParallel’s step is longer and GPU 0 busier than the rest', () => {
    const analysis = analyzeDataParallel(settings(), engineDataParallel);
    if (analysis.kind !== 'result') throw new Error(analysis.message);
    expect(analysis.gpus).toBe(4);
    expect(analysis.dp!.seconds).toBeGreaterThan(analysis.ddp.seconds);
    const lanes = lanesOf(analysis.dp!, 4);
    expect(lanes[0]!.busySeconds).toBeGreaterThan(lanes[1]!.busySeconds);
    expect(analysis.allReduce.bytesSentPerGpu).toBeCloseTo(
      (2 * 3 * analysis.ddp.gradientBytes) / 4,
      3,
    );
    expect(analysis.ddp.fits).toBe(true);
  });

  it('has no DataParallel across nodes, and uses the network link there', () => {
    const analysis = analyzeDataParallel(
      settings({ gpusPerNode: 8, nodes: 2 }),
      engineDataParallel,
    );
    if (analysis.kind !== 'result') throw new Error(analysis.message);
    expect(analysis.dp).toBeNull();
    expect(analysis.dpUnavailable).toMatch(/one process/);
    expect(analysis.allReduce.bottleneck).toBe('ib-hdr');
    expect(requestOf(analysis.settings, 'ddp')).toMatchObject({
      gpus: 16,
      nodes: 2,
      nodeLink: 'ib-hdr',
    });
    expect(requestOf(settings(), 'ddp')).not.toHaveProperty('nodeLink');
  });

  it('sets DDP beside each ZeRO stage: 16/N bytes per parameter and 1.5× the traffic when full', () => {
    const analysis = analyzeDataParallel(
      settings({ network: 'gpt2-1.5b', gpusPerNode: 8, sharding: 'zero3' }),
      engineDataParallel,
    );
    if (analysis.kind !== 'result') throw new Error(analysis.message);
    expect(analysis.strategies.map((r) => r.strategy)).toEqual([
      'replicate',
      'zero1',
      'zero2',
      'zero3',
    ]);
    const [ddp, zero1, zero2, full] = analysis.strategies;
    expect(ddp!.answer).toBe(analysis.ddp);
    expect(ddp!.stateBytesPerParam).toBeCloseTo(16, 9);
    expect(zero1!.stateBytesPerParam).toBeCloseTo(9, 9);
    expect(zero2!.stateBytesPerParam).toBeCloseTo(5.5, 9);
    expect(full!.stateBytesPerParam).toBeCloseTo(2, 9);
    expect(zero1!.trafficOverDdp).toBeCloseTo(1, 9);
    expect(full!.trafficOverDdp).toBeCloseTo(1.5, 9);
    expect(analysis.chosen).toBe(full!.answer);
    expect(analysis.chosen.strategy).toBe('zero3');
    expect(analysis.chosen.bytes).toBeLessThan(analysis.ddp.bytes);
    expect(requestOf(analysis.settings, 'ddp')).not.toHaveProperty('sharding');
  });

  it('turns an engine error into a problem to show', () => {
    const broken = {
      ...engineDataParallel,
      predict: () => {
        throw new RangeError('link "x" is wrong');
      },
    };
    expect(analyzeDataParallel(settings(), broken)).toEqual({
      kind: 'problem',
      message: 'link "x" is wrong',
    });
  });
});

describe('scaling sweep', () => {
  it('sweeps 1, 2, 4, 8 GPUs and 2 to 4 nodes of 8, DataParallel on one node only', () => {
    const sweep = scalingSweep(settings(), engineDataParallel);
    expect(sweep.map((p) => [p.gpus, p.nodes])).toEqual([
      [1, 1],
      [2, 1],
      [4, 1],
      [8, 1],
      [16, 2],
      [24, 3],
      [32, 4],
    ]);
    expect(sweep[0]!.ddp.efficiency).toBeCloseTo(1, 12);
    expect(sweep.slice(4).every((p) => p.dp === null)).toBe(true);
    for (const p of sweep.slice(1, 4)) {
      expect(p.dp!.samplesPerSecond).toBeLessThan(p.ddp.samplesPerSecond);
      expect(p.ddp.efficiency).toBeLessThanOrEqual(1);
      // Efficiency is throughput over N times one GPU's.
      expect(p.ddp.efficiency).toBeCloseTo(
        p.ddp.samplesPerSecond / (p.gpus * sweep[0]!.ddp.samplesPerSecond),
        9,
      );
    }
  });

  it('finds where the all-reduce outgrows backward: BERT-large over PCIe, not over NVLink', () => {
    const pcie = scalingSweep(
      settings({ network: 'bert-large', link: 'pcie4' }),
      engineDataParallel,
    );
    const at = stopsHidingAt(pcie);
    expect(at?.gpus).toBe(2);
    expect(at!.ddp.communicationSeconds).toBeGreaterThan(at!.ddp.backwardSeconds);
    const nvlink = scalingSweep(settings({ network: 'bert-large' }), engineDataParallel);
    expect(nvlink.slice(0, 4).every((p) => p.ddp.hides)).toBe(true);
  });

  it('ignores one GPU, which has nothing to hide', () => {
    const point = (gpus: number, hides: boolean): ScalingPoint => ({
      gpus,
      nodes: 1,
      gpusPerNode: gpus,
      ddp: {
        samplesPerSecond: 1,
        efficiency: 1,
        communicationSeconds: 0,
        backwardSeconds: 0,
        hides,
      },
      dp: null,
    });
    expect(stopsHidingAt([point(1, false), point(2, true), point(4, false)])?.gpus).toBe(4);
    expect(stopsHidingAt([point(1, true), point(2, true)])).toBeNull();
  });
});
