import { describe, expect, it } from 'vitest';
import type { TrainStepRequest } from '../../../engine/models';
import { ENGINE_TOLERANCE } from './engine-gap';
import { PLAIN_LOOP, type LoopHabits } from './loop-code';
import { resolveStepSetup } from './step-setup';
import { stepModel } from './step-model';
import { MLP, setupOf } from './testing/setups';
import { TraceReplay } from './trace';

/** A loop that forgets zero_grad: its gradients live through the next forward. */
const GRADIENTS_KEPT: LoopHabits = { ...PLAIN_LOOP, forgetZeroGrad: true };

const NETWORKS: TrainStepRequest[] = [
  { model: 'resnet50', gpu: 'a100-sxm-80gb', batch: 256, precision: 'amp-fp16', optimizer: 'sgd' },
  { model: 'gpt2-124m', gpu: 'a100-sxm-80gb', batch: 8, precision: 'amp-bf16', optimizer: 'adamw' },
  { model: 'bert-large', gpu: 'a100-sxm-80gb', batch: 32, precision: 'fp32', optimizer: 'adam' },
  {
    model: 'bert-large',
    gpu: 'a100-sxm-80gb',
    batch: 32,
    precision: 'amp-fp16',
    optimizer: 'adam',
    checkpointing: true,
  },
];

describe('the step-through against the engine’s stepMemory', () => {
  it.each(NETWORKS)(
    '$model ($precision, checkpointing $checkpointing): the plain loop peaks where the engine says',
    (request) => {
      const setup = setupOf(request);
      const { trace, comparison } = stepModel(setup, PLAIN_LOOP);
      expect(trace.oom).toBeNull();
      expect(Math.abs(comparison.relativeGap)).toBeLessThanOrEqual(ENGINE_TOLERANCE);
      expect(comparison.reason).toBe('agrees');
    },
  );

  it.each(NETWORKS)(
    '$model ($precision): forgetting zero_grad peaks higher, by at most the gradients',
    (request) => {
      const setup = setupOf(request);
      const engine = setup.engineMemory;
      const { trace, comparison } = stepModel(setup, GRADIENTS_KEPT);
      const excess = trace.peak.bytes - engine.allocatedBytes;
      // The gradients of the layers backward has not reached yet are alive too.
      const missingGradients = engine.modelStateBytes - engine.weightsBytes - engine.optimizerBytes;
      expect(excess).toBeGreaterThan(0);
      expect(excess).toBeLessThanOrEqual(
        missingGradients + ENGINE_TOLERANCE * engine.allocatedBytes,
      );
      expect(comparison.reason === 'higher' || comparison.reason === 'agrees').toBe(true);
    },
  );

  // 64 replays of a 150-layer network: a generous limit, so a loaded CI machine is not a failure.
  it('builds and runs every combination of habits, counters always consistent', () => {
    for (const request of [
      { ...NETWORKS[1], batch: 1 } as TrainStepRequest,
      { ...NETWORKS[1], batch: 1, checkpointing: true } as TrainStepRequest,
    ]) {
      const setup = setupOf(request);
      for (let mask = 0; mask < 32; mask++) {
        const habits: LoopHabits = {
          keepLossTensors: (mask & 1) !== 0,
          forgetZeroGrad: (mask & 2) !== 0,
          delOutputs: (mask & 4) !== 0,
          emptyCache: (mask & 8) !== 0,
          resetPeak: (mask & 16) !== 0,
        };
        const { trace } = stepModel(setup, habits);
        expect(trace.oom).toBeNull();
        // Checked in plain code, one expect per run (thousands of counters: expect's own
        // bookkeeping was most of this test's time).
        const problems: string[] = [];
        trace.counters.forEach((c, i) => {
          const least = Math.min(...Object.values(c.liveBytes));
          if (!(c.allocatedBytes <= c.reservedBytes))
            problems.push(`#${i}: allocated ${c.allocatedBytes} > reserved ${c.reservedBytes}`);
          if (!(c.peakAllocatedBytes >= c.allocatedBytes))
            problems.push(`#${i}: peak ${c.peakAllocatedBytes} < allocated ${c.allocatedBytes}`);
          if (!(least >= 0)) problems.push(`#${i}: live bytes ${least}`);
        });
        expect(problems, `habits ${JSON.stringify(habits)}`).toEqual([]);
      }
    }
  }, 60_000);

  it('stays fast for a 7B model: a few thousand per-layer events', () => {
    const setup = setupOf({
      model: 'llama2-7b',
      gpu: 'h200-sxm',
      batch: 1,
      seq: 1024,
      precision: 'amp-bf16',
      optimizer: 'adamw',
    });
    const { events, trace, comparison } = stepModel(setup, PLAIN_LOOP);
    expect(events.length).toBeLessThan(4000);
    expect(trace.oom).toBeNull();
    expect(comparison.reason).toBe('agrees');
  });

  it('stops at the allocation the GPU cannot hold, with PyTorch’s message', () => {
    const setup = setupOf({
      model: 'llama2-7b',
      gpu: 'a100-sxm-80gb',
      batch: 1,
      seq: 1024,
      precision: 'amp-bf16',
      optimizer: 'adamw',
    });
    const { trace, comparison } = stepModel(setup, PLAIN_LOOP);
    expect(trace.oom?.message).toMatch(/^torch\.OutOfMemoryError: CUDA out of memory\./);
    expect(trace.events[trace.oom?.eventIndex ?? -1]?.line).toBe('step');
    expect(trace.counters).toHaveLength((trace.oom?.eventIndex ?? 0) + 1);
    expect(comparison.reason).toBe('out-of-memory');
  });

  it('replays the allocator to any event, backward as well as forward', () => {
    const setup = setupOf(MLP);
    const { trace } = stepModel(setup, PLAIN_LOOP);
    const replay = new TraceReplay(trace);
    for (const index of [5, 20, 3, trace.counters.length - 1, 0]) {
      const stats = replay.at(index).stats();
      expect(stats.allocatedBytes).toBe(trace.counters[index]?.allocatedBytes);
      expect(stats.reservedBytes).toBe(trace.counters[index]?.reservedBytes);
    }
  });

  it('passes on the engine’s message for a request it rejects', () => {
    const result = resolveStepSetup({
      model: 'gpt2-124m',
      gpu: 't4',
      batch: 8,
      precision: 'amp-bf16',
      optimizer: 'adam',
    });
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/no bf16 tensor cores/) });
  });
});
