import { describe, expect, it } from 'vitest';
import type { TrainStepRequest } from '../../../engine/models';
import type { TensorOp, TrainingEvent } from './event-log';
import { PLAIN_LOOP, type LoopHabits } from './loop-code';
import { runTrace } from './trace';
import { MLP, setupOf } from './testing/setups';
import { buildTrainingEvents } from './training-events';

function eventsOf(request: TrainStepRequest, habits: Partial<LoopHabits> = {}) {
  return buildTrainingEvents(setupOf(request), { ...PLAIN_LOOP, ...habits });
}

/** Allocations of a kind in some events. */
function allocs(events: readonly TrainingEvent[], kind: string) {
  return events.flatMap((e) =>
    e.ops.filter(
      (op): op is Extract<TensorOp, { op: 'alloc' }> => op.op === 'alloc' && op.kind === kind,
    ),
  );
}

function traceOf(request: TrainStepRequest, habits: Partial<LoopHabits> = {}) {
  const setup = setupOf(request);
  return runTrace(
    buildTrainingEvents(setup, { ...PLAIN_LOOP, ...habits }),
    setup.capacityBytes,
    setup.contextBytes,
  );
}

describe('the events of two training iterations', () => {
  it('puts the weights first, then forward, loss, backward in reverse, step and zero_grad', () => {
    const events = eventsOf(MLP);
    expect(events[0]?.line).toBe('model');
    expect(allocs(events.slice(0, 1), 'weights').map((op) => op.bytes)).toEqual([
      401_920 * 4,
      262_656 * 4,
      5_130 * 4,
    ]);
    const first = events.filter((e) => e.iteration === 1).map((e) => e.label);
    expect(first).toEqual([
      'forward fc1',
      'forward relu1',
      'forward fc2',
      'forward relu2',
      'forward fc3',
      'loss_fn(out, y)',
      'backward loss: NllLossBackward',
      'backward loss: LogSoftmaxBackward',
      'backward fc3',
      'backward relu2',
      'backward fc2',
      'backward relu1',
      'backward fc1',
      'optimizer.step() creates exp_avg and exp_avg_sq',
      'optimizer.zero_grad()',
      'loss.item()',
    ]);
  });

  it('keeps what each layer keeps until its own backward is done, a shared tensor once', () => {
    const events = eventsOf(MLP);
    const at = (label: string) => events.find((e) => e.label === label && e.iteration === 1);
    // relu1 keeps its output, which fc2 reads and keeps too: one tensor, relu1's.
    expect(at('forward relu1')?.ops).toContainEqual({
      op: 'alloc',
      key: 'act:1:1',
      bytes: 512 * 64 * 4,
      kind: 'activations',
    });
    expect(
      at('forward fc2')?.ops.some((op) => op.op === 'alloc' && op.kind === 'activations'),
    ).toBe(false);
    // What relu1's backward releases goes as the next node (fc1's) starts.
    expect(at('backward relu1')?.ops).not.toContainEqual({ op: 'free', key: 'act:1:1' });
    expect(at('backward fc1')?.ops).toContainEqual({ op: 'free', key: 'act:1:1' });
    expect(at('backward fc2')?.ops).toContainEqual({
      op: 'alloc',
      key: 'grad:2',
      bytes: 262_656 * 4,
      kind: 'gradients',
    });
  });

  it('makes Adam’s two state buffers on the first step only, SGD’s one', () => {
    const adam = eventsOf(MLP);
    expect(allocs(adam, 'optimizer')).toHaveLength(6);
    expect(
      allocs(
        adam.filter((e) => e.iteration === 2),
        'optimizer',
      ),
    ).toHaveLength(0);
    const sgd = eventsOf({ ...MLP, optimizer: 'sgd' });
    expect(allocs(sgd, 'optimizer').reduce((sum, op) => sum + op.bytes, 0)).toBe(669_706 * 4);
  });

  it('frees the gradients at zero_grad and makes them again in the next backward', () => {
    const events = eventsOf(MLP);
    const zero = events.find((e) => e.line === 'zero-grad' && e.iteration === 1);
    const freedGradients = (ops: readonly TensorOp[] = []) =>
      ops.filter((op) => op.op === 'free' && op.key.startsWith('grad:'));
    expect(freedGradients(zero?.ops)).toHaveLength(3);
    expect(
      allocs(
        events.filter((e) => e.iteration === 2),
        'gradients',
      ),
    ).toHaveLength(3);
  });

  it('keeps the gradients when zero_grad is forgotten, so the second backward adds into them', () => {
    const events = eventsOf(MLP, { forgetZeroGrad: true });
    // Only the foreach step's temporaries go there; no gradient does.
    const zero = events.find((e) => e.line === 'zero-grad');
    expect(zero?.ops.every((op) => op.op === 'free' && op.key.startsWith('optimizer-'))).toBe(true);
    expect(
      allocs(
        events.filter((e) => e.iteration === 2),
        'gradients',
      ),
    ).toHaveLength(0);
    // With SGD (Adam's foreach step is this small network's peak, whatever zero_grad does).
    const plain = traceOf({ ...MLP, optimizer: 'sgd' });
    const forgot = traceOf({ ...MLP, optimizer: 'sgd' }, { forgetZeroGrad: true });
    expect(forgot.peak.bytes - plain.peak.bytes).toBeGreaterThan(0);
  });

  it('frees out and loss at del, before the next forward instead of after it', () => {
    const request: TrainStepRequest = {
      ...MLP,
      model: 'gpt2-124m',
      batch: 4,
      precision: 'amp-bf16',
    };
    const kept = eventsOf(request);
    // GPT-2's output is its logits, which the loss head reads.
    const rebind = kept.find(
      (e) =>
        e.iteration === 2 &&
        e.ops.some(
          (op) => op.op === 'free' && op.key.endsWith(':1') && op.key.startsWith('logits:'),
        ),
    );
    expect(rebind?.label).toBe('forward lm_head');
    const deleted = eventsOf(request, { delOutputs: true });
    const del = deleted.find((e) => e.line === 'del' && e.iteration === 1);
    expect(del?.ops.map((op) => op.op)).toEqual(['free', 'free']);
    // Without del the old logits live through the second forward, until the new ones exist.
    const oldLogits = (habits: Partial<LoopHabits>) => {
      const trace = traceOf(request, habits);
      const i = trace.events.findIndex((e) => e.iteration === 2 && e.label === 'forward ln_f');
      return trace.counters[i]?.liveBytes['loss-head'];
    };
    expect(oldLogits({})).toBe(4 * 1024 * 50257 * 2);
    expect(oldLogits({ delOutputs: true })).toBe(0);
  });

  it('keeps every loss tensor a list holds: 512 bytes a step on the GPU', () => {
    const kept = traceOf(MLP, { keepLossTensors: true, delOutputs: true });
    const byItem = traceOf(MLP, { delOutputs: true });
    const end = (t: typeof kept) => t.counters.at(-1)?.allocatedBytes ?? 0;
    expect(end(kept) - end(byItem)).toBe(2 * 512);
    expect(kept.counters.at(-1)?.liveBytes.loss).toBe(2 * 4);
  });

  it('empty_cache returns whole free segments only and leaves allocated memory alone', () => {
    const trace = traceOf(
      { ...MLP, model: 'resnet50', batch: 32, precision: 'amp-fp16', optimizer: 'sgd' },
      { emptyCache: true },
    );
    const index = trace.events.findIndex((e) => e.line === 'empty-cache');
    const before = trace.counters[index - 1];
    const after = trace.counters[index];
    expect(after?.allocatedBytes).toBe(before?.allocatedBytes);
    expect(after?.reservedBytes).toBeLessThan(before?.reservedBytes ?? 0);
    expect(after?.reservedBytes).toBeGreaterThanOrEqual(after?.allocatedBytes ?? 0);
  });

  it('resets the peak at the top of each iteration when asked', () => {
    const trace = traceOf(MLP, { resetPeak: true });
    const second = trace.events.findIndex((e) => e.line === 'reset-peak' && e.iteration === 2);
    const counters = trace.counters[second];
    expect(counters?.peakAllocatedBytes).toBe(counters?.allocatedBytes);
    expect(trace.counters[second - 1]?.peakAllocatedBytes).toBeGreaterThan(
      counters?.peakAllocatedBytes ?? 0,
    );
  });

  it('checkpointing keeps segment inputs only and recomputes each segment in backward', () => {
    const request: TrainStepRequest = {
      ...MLP,
      model: 'bert-base',
      batch: 16,
      precision: 'amp-bf16',
    };
    const events = eventsOf(request, {});
    const checkpointed = eventsOf({ ...request, checkpointing: true });
    expect(checkpointed.some((e) => e.label.startsWith('recompute '))).toBe(true);
    expect(events.some((e) => e.label.startsWith('recompute '))).toBe(false);
    const peak = traceOf(request).peak.bytes;
    expect(traceOf({ ...request, checkpointing: true }).peak.bytes).toBeLessThan(peak);
  });

  it('frees every activation, output and input gradient by the end of each backward', () => {
    const events = eventsOf({
      ...MLP,
      model: 'resnet50',
      batch: 8,
      precision: 'tf32',
      optimizer: 'sgd',
    });
    const live = new Map<string, string>();
    for (const event of events) {
      for (const op of event.ops) {
        if (op.op === 'alloc') live.set(op.key, op.kind);
        if (op.op === 'free') live.delete(op.key);
      }
      if (event.line === 'step') {
        const leftovers = [...live].filter(([key]) => /^(act|gin|copy|cgrad|ckpt|lt):/.test(key));
        expect(leftovers).toEqual([]);
      }
    }
  });
});
