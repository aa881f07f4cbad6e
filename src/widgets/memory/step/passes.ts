/**
 * The forward and backward passes of one iteration, layer by layer, as allocation events, with
 * the engine's accounting: each layer keeps its saved activations (`savedElements`) until its own
 * backward, its output lives until the next layer has made its own (one output at a time, as the
 * engine's single transient buffer), AMP keeps a 16-bit copy of each matmul weight until backward,
 * and backward makes each input gradient as it frees the layer's activations. With checkpointing,
 * every segment but the last keeps only its input and is run again in backward. Pure.
 */
import type { LayerCost } from '../../../engine/models';
import type { EventLog } from './event-log';

/** Bytes of the cuBLAS and cuDNN workspaces (the engine's LIBRARY_WORKSPACE_BYTES, 32 MiB). */
export const LIBRARY_WORKSPACE_BYTES = 32 * 2 ** 20;
/** Bytes of the loss: one fp32 scalar (the allocator rounds it to 512). */
export const LOSS_BYTES = 4;
/** Bytes of one fp32 parameter or gradient element. */
export const PARAM_BYTES = 4;

/** What the passes need to size their tensors. */
export interface PassInput {
  layers: readonly LayerCost[];
  batch: number;
  activationBytes: number;
  weightCopyBytes: number;
  checkpointing: boolean;
}

/** A checkpoint segment: layers `start` to `end` inclusive. */
export interface Segment {
  start: number;
  end: number;
  /** False for the last segment, which runs normally (as checkpoint_sequential does). */
  checkpointed: boolean;
}

/**
 * The engine's checkpoint segments: about √n of them, ⌈n / segments⌉ layers each (the engine's
 * checkpointSegments, which src/engine does not export).
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

/** Keys of the tensors the passes make. */
export const keys = {
  saved: (i: number, it: number) => `act:${i}:${it}`,
  output: (i: number, it: number) => `out:${i}:${it}`,
  copy: (i: number, it: number) => `copy:${i}:${it}`,
  gradIn: (i: number, it: number) => `gin:${i}:${it}`,
  checkpoint: (s: number, it: number) => `ckpt:${s}:${it}`,
  grad: (i: number) => `grad:${i}`,
  loss: (it: number) => `loss:${it}`,
  workspace: 'workspace',
};

/** Activation bytes of `elements` per sample over the batch. */
function actBytes(input: PassInput, elements: number): number {
  return elements * input.batch * input.activationBytes;
}

/** The checkpointed segment layer `i` belongs to, or null. */
function segmentOf(segments: readonly Segment[], i: number): number | null {
  const s = segments.findIndex((seg) => i >= seg.start && i <= seg.end);
  return s >= 0 && segments[s]?.checkpointed ? s : null;
}

/** Bytes of the input a segment starting at `start` keeps. */
function segmentInputBytes(input: PassInput, start: number): number {
  const before = input.layers[start - 1];
  const first = input.layers[start];
  if (before) return actBytes(input, before.outputElements);
  return first ? actBytes(input, first.forwardIoElements - first.outputElements) : 0;
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
    log.start('forward', it, `forward ${layer.name}`);
    if (!log.has(keys.workspace) && layer.matmul) {
      log
        .alloc(keys.workspace, LIBRARY_WORKSPACE_BYTES, 'workspace')
        .note('The first matrix product allocates the cuBLAS workspace, kept from then on.');
    }
    savedForward(log, input, segments, i, it);
    log.free(keys.output(i - 1, it));
    log.alloc(keys.output(i, it), actBytes(input, layer.outputElements), 'outputs');
  }
}

/** What layer `i` keeps in forward: its activations, or its segment's input, and AMP's copy. */
function savedForward(
  log: EventLog,
  input: PassInput,
  segments: readonly Segment[],
  i: number,
  it: number,
): void {
  const layer = input.layers[i] as LayerCost;
  if (layer.matmul && input.weightCopyBytes > 0) {
    log.alloc(keys.copy(i, it), layer.weightElements * input.weightCopyBytes, 'weight-copies');
  }
  const s = input.checkpointing ? segmentOf(segments, i) : null;
  if (s === null) {
    log.alloc(keys.saved(i, it), actBytes(input, layer.savedElements), 'activations');
  } else if (segments[s]?.start === i) {
    log.alloc(keys.checkpoint(s, it), segmentInputBytes(input, i), 'activations');
    log.note('Checkpointing keeps only this segment’s input; its activations are dropped.');
  }
}

/** The loss layer's forward (when the network ends in one): its saved activations. */
export function lossForward(log: EventLog, input: PassInput, index: number, it: number): void {
  const layer = input.layers[index];
  if (layer) log.alloc(keys.saved(index, it), actBytes(input, layer.savedElements), 'activations');
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
    const s = input.checkpointing ? segmentOf(segments, i) : null;
    const segment = s === null ? undefined : segments[s];
    if (segment && segment.end === i) recompute(log, input, segment, it);
    log.start('backward', it, `backward ${layer.name}`);
    const before = input.layers[i - 1];
    if (before) log.alloc(keys.gradIn(i, it), actBytes(input, before.outputElements), 'outputs');
    if (layer.params > 0) {
      if (log.has(keys.grad(i))) log.note('Adds into the .grad it already has.');
      else log.alloc(keys.grad(i), layer.params * PARAM_BYTES, 'gradients');
    }
    log
      .free(keys.saved(i, it))
      .free(keys.copy(i, it))
      .free(keys.gradIn(i + 1, it));
    if (segment && s !== null && segment.start === i) log.free(keys.checkpoint(s, it));
  }
}

/** Checkpointing: runs a segment's forward again, so its activations are back for backward. */
function recompute(log: EventLog, input: PassInput, segment: Segment, it: number): void {
  const first = input.layers[segment.start]?.name ?? '';
  const last = input.layers[segment.end]?.name ?? '';
  log.start(
    'backward',
    it,
    `recompute ${first} … ${last}`,
    'Checkpointing runs this segment’s forward again to get its activations back.',
  );
  for (let j = segment.start; j <= segment.end; j++) {
    const layer = input.layers[j] as LayerCost;
    log.alloc(keys.saved(j, it), actBytes(input, layer.savedElements), 'activations');
  }
}
