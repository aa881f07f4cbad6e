import { describe, expect, it } from 'vitest';
import {
  getServingModel,
  predictParallelStep,
  type ParallelSetup,
  type PipelineSchedule,
} from '../../engine/models';
import { drawnStages, playSchedule, stepLanes, type Segment } from './timeline';

const setup = (patch: Partial<ParallelSetup>): ParallelSetup => ({
  model: getServingModel('llama3.1-70b').spec,
  gpu: 'h100-sxm',
  gpus: 64,
  gpusPerNode: 8,
  seq: 8192,
  microBatch: 1,
  gradAccum: 4,
  checkpointing: 'none',
  ...patch,
});
const total = (segments: readonly Segment[], kinds: readonly string[]) =>
  segments.filter((s) => kinds.includes(s.kind)).reduce((t, s) => t + s.end - s.start, 0);

describe('a step as lanes', () => {
  it('plays GPipe, 1F1B and interleaved 1F1B out to the engine’s pipeline time', () => {
    const cases: Array<[PipelineSchedule, number, number]> = [
      ['1f1b', 1, 4],
      ['1f1b', 4, 8],
      ['1f1b', 8, 16],
      ['gpipe', 4, 6],
      ['interleaved', 4, 8],
      ['interleaved', 2, 6],
    ];
    for (const [schedule, pp, gradAccum] of cases) {
      const p = predictParallelStep(
        setup({ tensorParallel: 8, pipelineParallel: pp, gradAccum, pipelineSchedule: schedule }),
      );
      const lanes = stepLanes(p);
      expect(lanes.seconds, `${schedule} ${pp} ${gradAccum}`).toBeCloseTo(p.seconds, 9);
      expect(lanes.pipelineEnd - lanes.pipelineStart).toBeCloseTo(p.pipelineSeconds, 9);
      expect(lanes.lanes).toHaveLength(pp);
      for (const lane of lanes.lanes) {
        // The compute stream covers the step end to end, without overlaps.
        let at = 0;
        for (const s of lane.compute) {
          expect(s.start).toBeCloseTo(at, 9);
          at = s.end;
        }
        expect(at).toBeCloseTo(lanes.seconds, 9);
        // Each stage idles for the bubble: (p − 1) passes' worth in all.
        expect(total(lane.compute, ['bubble'])).toBeCloseTo(p.pipelineSeconds * p.bubbleShare, 6);
      }
    }
  });

  it('starts the first stage’s first forward at once and the last stage’s later in 1F1B', () => {
    const ops = playSchedule('1f1b', 4, 8, 1, 1, 2)!;
    expect(ops[0]![0]).toMatchObject({ forward: true, microBatch: 0, start: 0 });
    expect(ops[3]![0]).toMatchObject({ forward: true, microBatch: 0, start: 3 });
    expect(ops[3]![1]).toMatchObject({ forward: false, microBatch: 0, start: 4 });
    // 1F1B's end: (m + p − 1)(f + b).
    expect(Math.max(...ops.map((o) => o[o.length - 1]!.end))).toBe((8 + 3) * 3);
    expect(playSchedule('interleaved', 4, 8, 2, 0.5, 1)).not.toBeNull();
  });

  it('draws FSDP’s gathers and reduce-scatters on their own stream, and what compute does not hide', () => {
    const p = predictParallelStep(setup({ sharding: 'zero3', checkpointing: 'full' }));
    const [lane] = stepLanes(p).lanes;
    expect(total(lane!.collectives, ['gather', 'scatter'])).toBeCloseTo(p.dataParallelSeconds, 9);
    expect(lane!.collectives.filter((s) => s.kind === 'scatter')).toHaveLength(4);
    expect(total(lane!.compute, ['wait'])).toBeCloseTo(p.exposedDataParallelSeconds, 9);
    expect(lane!.compute[0]!.kind).toBe('wait');
    expect(total(lane!.compute, ['recompute'])).toBeCloseTo(4 * p.microBatch.recomputeSeconds, 9);
    expect(lane!.compute.at(-1)).toMatchObject({ kind: 'optimizer' });
  });

  it('reduces replicated gradients under the last backward, and waits for what is left', () => {
    const p = predictParallelStep(
      setup({ sharding: 'replicate', tensorParallel: 8, pipelineParallel: 2, gradAccum: 8 }),
    );
    const lanes = stepLanes(p);
    for (const lane of lanes.lanes) {
      expect(lane.collectives).toHaveLength(1);
      expect(lane.collectives[0]!.kind).toBe('reduce');
      expect(total(lane.collectives, ['reduce'])).toBeCloseTo(p.dataParallelSeconds, 9);
    }
    expect(total(lanes.lanes[0]!.compute, ['wait'])).toBeCloseTo(p.exposedDataParallelSeconds, 9);
  });

  it('merges passes when there are too many to draw, and draws the first and last stages of a long pipeline', () => {
    const many = stepLanes(
      predictParallelStep(setup({ tensorParallel: 8, pipelineParallel: 4, gradAccum: 128 })),
    );
    expect(many.detailed).toBe(false);
    expect(many.lanes[0]!.compute.some((s) => s.kind === 'busy')).toBe(true);
    expect(drawnStages(16)).toEqual([0, 1, 2, 3, 12, 13, 14, 15]);
    expect(drawnStages(3)).toEqual([0, 1, 2]);
  });
});
