/**
 * The forward and backward passes of one iteration, layer by layer, as allocation events, with
 * the engine's own accounting (its stepMemory's `tensors`): each layer keeps what the engine says
 * it keeps (casts, masks, statistics; a tensor two layers keep counted once) until its own
 * backward; an output nobody keeps lives until the next layer has made its own; logits a loss
 * head reads are held by the model's output; AMP keeps a 16-bit copy of each matmul weight until
 * backward. Backward makes each layer's input gradient (and under AMP the 16-bit gradient of its
 * weight copy) while the gradient it was given is alive, and what a layer releases goes when the
 * next node starts, so each event ends at the moment the engine counts. With checkpointing,
 * every segment but the last keeps only its input and is run again in backward. The loss head's
 * own events are in loss-pass.ts. Pure.
 */
import type { LayerCost } from '../../../engine/models';
import type { EventLog } from './event-log';
import { lossBackward, lossForward } from './loss-pass';
import { keys, tensorsOf, type PassInput } from './pass-input';

export { keys, LOSS_BYTES, PARAM_BYTES, type PassInput } from './pass-input';

/** A checkpoint segment: layers `start` to `end` inclusive. */
export interface Segment {
  start: number;
  end: number;
  /** False for the last segment, which runs normally (as checkpoint_sequential does). */
  checkpointed: boolean;
}

/**
 * The engine's checkpoint segments: about √n of them, ⌈n / segments⌉ layers each (the engine's
 * segmentsOf, which src/engine does not export).
 */
export function checkpointPlan(layerCount: number): Segment[] {
  const count = Math.max(1, Math.round(Math.sqrt(layerCount)));
  const size = Math.ceil(layerCount / count);
  const segments: Segment[] = [];
  for (let start = 0; start < layerCount; start += size) {
    segments.push({ start, end: Math.min(layerCount, start + size) - 1, checkpointed: true });
  }
  const last = segments.at(-1);
  if (last) last.checkpointed = false;
  return segments;
}

/** Bytes layer `i` keeps for backward over the batch. */
function savedBytes(input: PassInput, i: number): number {
  const t = tensorsOf(input, i);
  return t.savedBytesPerSample * input.batch + t.savedFixedBytes;
}

/** Whether layer `i + 1` is a loss head that reads layer `i`'s output as held logits. */
function feedsHeldLogits(input: PassInput, i: number): boolean {
  return input.tensors.layers[i + 1]?.lossHead?.heldByOutput ?? false;
}

/** The checkpointed segment layer `i` belongs to, or null. */
function segmentOf(segments: readonly Segment[], i: number): number | null {
  const s = segments.findIndex((seg) => i >= seg.start && i <= seg.end);
  return s >= 0 && segments[s]?.checkpointed ? s : null;
}

/** Allocates workspace `n` once, with a note. */
function workspace(log: EventLog, input: PassInput, n: number, note: string): void {
  const bytes = input.workspaces[n];
  if (bytes === undefined || log.has(keys.workspace(n))) return;
  log.alloc(keys.workspace(n), bytes, 'workspace').note(note);
}

/** Forward through layers [0, end): the loop's `out = model(x)`. */
export function forwardPass(
  log: EventLog,
  input: PassInput,
  segments: readonly Segment[],
  it: number,
  end: number,
): void {
  for (let i = 0; i < end; i++) {
    const layer = input.layers[i] as LayerCost;
    const t = tensorsOf(input, i);
    log.start('forward', it, `forward ${layer.name}`);
    if (i === 0 && !log.has(keys.data)) {
      log
        .alloc(keys.data, input.tensors.dataBytesPerSample * input.batch, 'activations')
        .note('The input batch: the loop holds it through the step.');
    }
    if (layer.matmul) {
      const note = 'The first matrix product on this thread allocates a cuBLAS workspace.';
      workspace(log, input, 0, note);
      workspace(log, input, input.workspaces.length - 1, 'cuBLASLt takes its own for addmm.');
    }
    if (t.lossHead) {
      lossForward(log, input, i, it);
      continue;
    }
    savedForward(log, input, segments, i, it);
    log.free(keys.output(i - 1, it));
    if (feedsHeldLogits(input, i)) {
      log
        .alloc(keys.logits(i, it), t.outputBytesPerSample * input.batch, 'loss-head')
        .note('The logits: the model’s output holds them until the next forward.');
    } else {
      log.alloc(keys.output(i, it), t.transientOutputBytesPerSample * input.batch, 'outputs');
    }
  }
}

/** What layer `i` keeps in forward: its tensors, or its segment's input, and AMP's copy. */
function savedForward(
  log: EventLog,
  input: PassInput,
  segments: readonly Segment[],
  i: number,
  it: number,
): void {
  const t = tensorsOf(input, i);
  log.alloc(keys.copy(i, it), t.weightCopyBytes, 'weight-copies');
  const s = input.checkpointing ? segmentOf(segments, i) : null;
  if (s === null) {
    log.alloc(keys.saved(i, it), savedBytes(input, i), 'activations');
  } else if (segments[s]?.start === i) {
    const bytes = i === 0 ? 0 : t.inputBytesPerSample * input.batch;
    log.alloc(keys.checkpoint(s, it), bytes, 'activations');
    log.note('Checkpointing keeps only this segment’s input; its activations are dropped.');
  }
}

/** Frees the model's output of iteration `it` (`out`, and the logits it holds); true if any. */
export function freeModelOutput(log: EventLog, input: PassInput, it: number, end: number): boolean {
  const held = [keys.output(end - 1, it), ...input.layers.map((_, i) => keys.logits(i, it))];
  const alive = held.filter((key) => log.has(key));
  for (const key of alive) log.free(key);
  return alive.length > 0;
}

/** Backward from layer `last` down to 0: `loss.backward()`. */
export function backwardPass(
  log: EventLog,
  input: PassInput,
  segments: readonly Segment[],
  it: number,
  last: number,
): void {
  for (let i = last; i >= 0; i--) {
    const layer = input.layers[i] as LayerCost;
    const t = tensorsOf(input, i);
    const s = input.checkpointing ? segmentOf(segments, i) : null;
    const segment = s === null ? undefined : segments[s];
    if (segment && segment.end === i) recompute(log, input, segment, it);
    if (t.lossHead) {
      lossBackward(log, input, i, it);
      log.freeLater(keys.gradIn(i + 1, it));
      continue;
    }
    log.start('backward', it, `backward ${layer.name}`).flushLater();
    if (layer.matmul) {
      const note = 'Autograd’s own thread runs backward: its first product takes a workspace too.';
      for (let n = 1; n < input.workspaces.length - 1; n++) workspace(log, input, n, note);
    }
    log.alloc(keys.gradIn(i, it), t.inputGradBytesPerSample * input.batch, 'outputs');
    log.alloc(keys.copyGrad(i, it), t.weightCopyGradBytes, 'outputs');
    if (layer.params > 0) {
      if (log.has(keys.grad(i))) log.note('Adds into the .grad it already has.');
      else log.alloc(keys.grad(i), t.gradientBytes, 'gradients');
    }
    log.freeLater(
      keys.saved(i, it),
      keys.copy(i, it),
      keys.copyGrad(i, it),
      keys.gradIn(i + 1, it),
      keys.lossTensor(i + 1, 'logits gradient', it),
    );
    if (segment && s !== null && segment.start === i) log.freeLater(keys.checkpoint(s, it));
  }
}

/** Checkpointing: runs a segment's forward again, so its activations are back for backward. */
function recompute(log: EventLog, input: PassInput, segment: Segment, it: number): void {
  const first = input.layers[segment.start]?.name ?? '';
  const last = input.layers[segment.end]?.name ?? '';
  log
    .start(
      'backward',
      it,
      `recompute ${first} … ${last}`,
      'Checkpointing runs this segment’s forward again to get its activations back.',
    )
    .flushLater();
  for (let j = segment.start; j <= segment.end; j++) {
    log.alloc(keys.saved(j, it), savedBytes(input, j), 'activations');
  }
}
