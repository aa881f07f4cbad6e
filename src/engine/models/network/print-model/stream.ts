/**
 * The activations between modules: their size, the image a convolution needs, the rows a
 * token-wise layer runs on (flattening or unrolling an image the way `forward` code does
 * without a module: `torch.flatten(x, 1)` before a classifier, patches as tokens in a vision
 * transformer), and sliding-window output sizes. A shape the engine could not hold (more than
 * 2^40 elements per sample) is a LineProblem.
 */
import { ARG_RANGES } from './args';
import type { WalkContext } from './context';
import { LineProblem, type ModuleNode, type Stream } from './types';

/** An image's shape, as a stream. */
export type Image = Extract<Stream, { kind: 'image' }>;

/** Elements per sample of `stream`, or null when its width is not known yet. */
export function streamElements(stream: Stream): number | null {
  if (stream.kind === 'image') return stream.channels * stream.height * stream.width;
  return stream.features === null ? null : stream.tokens * stream.features;
}

/** Elements per sample of `stream`; a LineProblem when not known. */
export function knownElements(stream: Stream): number {
  const elements = streamElements(stream);
  if (elements === null) {
    throw new LineProblem('no size reaches this module (it comes before any layer with sizes)');
  }
  return elements;
}

/** `stream` after checking it fits the engine (at most 2^40 elements per sample). */
export function checked(stream: Stream): Stream {
  const elements = streamElements(stream) ?? 0;
  const [, high] = ARG_RANGES.elements;
  if (!Number.isSafeInteger(elements) || elements > high) {
    throw new LineProblem(`its output would hold more than ${high} elements per sample`);
  }
  return stream;
}

/** A token stream of `tokens` rows of `features`. */
export function tokens(count: number, features: number | null): Stream {
  return checked({ kind: 'tokens', tokens: count, features });
}

/**
 * The image reaching `node`: a RangeError when the learner gave no image size and the model
 * needs one, a LineProblem when an earlier module left no image shape.
 */
export function imageOf(ctx: WalkContext, node: ModuleNode, stream: Stream): Image {
  if (stream.kind === 'image') return stream;
  if (ctx.input.image === undefined) {
    throw new RangeError(
      `line ${node.line}: ${node.type} needs the input image's size: give image (channels, ` +
        'height, width), such as 3 × 224 × 224',
    );
  }
  throw new LineProblem('no image reaches this module (an earlier one was not modelled)');
}

/** The sequence length, or a RangeError when the model needs one and the learner gave none. */
export function requireSeq(ctx: WalkContext, node: ModuleNode): number {
  if (ctx.input.seq === undefined) {
    throw new RangeError(
      `line ${node.line}: ${node.type} needs the sequence length: give seq (tokens per sample)`,
    );
  }
  return ctx.input.seq;
}

/**
 * The rows a token-wise layer taking `features` per row runs on at `path`: an image is
 * flattened (C·H·W = features) or its positions become tokens (C = features); right after an
 * LSTM or GRU only the last step is read; a width that does not match is noted and the
 * layer's own width is used.
 */
export function rowsFor(ctx: WalkContext, path: string, stream: Stream, features: number): number {
  if (stream.kind === 'image') {
    const { channels, height, width } = stream;
    if (channels * height * width === features) {
      ctx.note(
        'an image reaching a token-wise layer of C·H·W features is flattened first, as ' +
          '`torch.flatten(x, 1)` in forward does',
      );
      return 1;
    }
    if (channels === features) {
      ctx.note('an image reaching a token-wise layer of C features is read as H·W tokens');
      return height * width;
    }
    ctx.note(
      `${path}: takes ${features} features, but a ${channels}×${height}×${width} image reaches it; read as one row`,
    );
    return 1;
  }
  if (stream.recurrent === true && stream.tokens > 1) {
    ctx.note(
      'a layer right after an LSTM or GRU reads its last time step only (`out[:, -1]`), as a ' +
        'sequence classifier does',
    );
    return 1;
  }
  if (stream.features !== null && stream.features !== features) {
    if (stream.features * stream.tokens === features) return 1;
    ctx.note(
      `${path}: takes ${features} features, but ${stream.features} reach it; used ${features}`,
    );
  }
  return stream.tokens;
}

/** Output edge of a window: floor or ceil of (size + 2p − d·(k − 1) − 1)/s, + 1. */
export function windowOut(
  size: number,
  kernel: number,
  stride: number,
  padding: number,
  dilation = 1,
  ceil = false,
): number {
  const span = size + 2 * padding - dilation * (kernel - 1) - 1;
  const out = (ceil ? Math.ceil(span / stride) : Math.floor(span / stride)) + 1;
  if (out < 1) throw new LineProblem(`its window does not fit the input of ${size}`);
  // PyTorch drops a last window that would start in the right padding.
  return ceil && (out - 1) * stride >= size + padding ? out - 1 : out;
}
