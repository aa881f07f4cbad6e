/**
 * Where a model reads one token instead of all of them, which a repr does not show: BERT's
 * pooler (the first token through `dense` and tanh; the modules after the model in a
 * `BertFor...` class read that pooled token), BERT's pretraining heads (the masked-LM head on
 * every position, next-sentence prediction on the pooled token, a loss after each in training),
 * and torchvision's `VisionTransformer`: the patch embedding's H·W positions become tokens, a
 * class token joins them (E parameters the repr does not print) and a learned position
 * embedding ((H·W + 1)·E, not printed either) is added before the encoder, both modelled as
 * embedding lookups (of one row, and of the whole table); the head reads the class token only.
 */
import { joinPath, type WalkContext } from './context';
import { tokens } from './stream';
import { childNamed } from './tree';
import { LineProblem, type ModuleNode, type Stream } from './types';

/** The stream of one token of the features of `stream` (its first, or its class token). */
function firstToken(stream: Stream): Stream {
  if (stream.kind === 'image') return tokens(1, stream.channels);
  return tokens(1, stream.features);
}

/** Walks every child of `node` in order on `stream`. */
function walkAll(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  let s = stream;
  for (const child of node.children) s = ctx.walk(child, joinPath(path, child.name), s);
  return s;
}

/** A pooler: its children on the first token; the stream goes on as it came. */
function runPooler(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  ctx.note(
    `${node.type} reads the first token only; the modules after the model read its output ` +
      '(the pretraining heads read both)',
  );
  ctx.pooled = walkAll(ctx, node, path, firstToken(stream));
  ctx.pooledPending = true;
  return stream;
}

/** BERT's pretraining heads: masked LM on every position, next sentence on the pooled token. */
function runPretrainingHeads(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const predictions = childNamed(node, 'predictions');
  const nextSentence = childNamed(node, 'seq_relationship');
  if (predictions === undefined || nextSentence === undefined) return stream;
  ctx.pooledPending = false;
  const out = ctx.walk(predictions, joinPath(path, 'predictions'), stream);
  ctx.lossAfterLastLinear(joinPath(path, 'predictions.loss'));
  const pooled = ctx.pooled ?? firstToken(stream);
  ctx.walk(nextSentence, joinPath(path, 'seq_relationship'), pooled);
  ctx.lossAfterLastLinear(joinPath(path, 'seq_relationship.loss'));
  ctx.lossAdded = true;
  ctx.unplaced(node, new Set([predictions, nextSentence]));
  ctx.note(
    `${node.type}: the masked-LM head runs on every position (as Hugging Face computes its ` +
      'logits) and next-sentence prediction on the pooled token; a loss after each in training',
  );
  return out;
}

/** torchvision's VisionTransformer: patches as tokens, class token, position embedding. */
function runVit(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  const patches = childNamed(node, 'conv_proj');
  const encoder = childNamed(node, 'encoder');
  const heads = childNamed(node, 'heads');
  if (patches === undefined || encoder === undefined) return stream;
  const image = ctx.walk(patches, joinPath(path, 'conv_proj'), stream);
  if (image.kind !== 'image') throw new LineProblem('its patch embedding gives no image');
  const width = image.channels;
  const count = image.height * image.width + 1;
  ctx.note(
    `VisionTransformer: a class token (${width} parameters) joins the ${count - 1} patch ` +
      `tokens and a position embedding of ${count}×${width} is added; neither is printed: ` +
      'both are counted, as one-row and whole-table embedding lookups. The head reads the ' +
      'class token only',
  );
  const table = (name: string, rows: number) => {
    ctx.addParams(rows * width);
    ctx.emit({ type: 'embedding', name, vocab: rows, dim: width, tokens: rows });
  };
  table(joinPath(path, 'class_token'), 1);
  const positions = joinPath(joinPath(path, 'encoder'), 'pos_embedding');
  table(positions, count);
  ctx.emit({ type: 'residual-add', name: joinPath(positions, 'add'), elements: count * width });
  let s = ctx.walk(encoder, joinPath(path, 'encoder'), tokens(count, width));
  s = firstToken(s);
  if (heads !== undefined) s = ctx.walk(heads, joinPath(path, 'heads'), s);
  ctx.unplaced(node, new Set([patches, encoder, ...(heads === undefined ? [] : [heads])]));
  return s;
}

/** A pooler (BERT's `BertPooler`). */
export const POOLER = {
  matches: (node: ModuleNode) => /Pooler$/.test(node.type) && node.children.length > 0,
  run: runPooler,
};

/** BERT's `BertPreTrainingHeads`. */
export const PRETRAINING_HEADS = {
  matches: (node: ModuleNode) =>
    /PreTrainingHeads$/.test(node.type) &&
    childNamed(node, 'predictions') !== undefined &&
    childNamed(node, 'seq_relationship') !== undefined,
  run: runPretrainingHeads,
};

/** torchvision's `VisionTransformer`. */
export const VISION_TRANSFORMER = {
  matches: (node: ModuleNode) =>
    node.type === 'VisionTransformer' && childNamed(node, 'conv_proj') !== undefined,
  run: runVit,
};
