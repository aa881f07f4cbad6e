/**
 * Modules that are matrix products or table lookups: `nn.Linear` (and the linears PyTorch and
 * quantization libraries print under other names), Hugging Face's GPT-2 `Conv1D(nf, nx)` (a
 * linear from nx to nf, weight stored transposed), and `nn.Embedding`. An LM head that shares
 * the word embedding counts only its own bias and is marked `tiedWeights`; an embedding that
 * follows another of the same width (position and token-type tables) is summed into it.
 */
import { argsOf } from './args';
import { joinPath, type WalkContext } from './context';
import { tiedHead } from './conventions';
import { requireSeq, rowsFor, tokens } from './stream';
import { LineProblem, type ModuleNode, type Stream } from './types';

/** A linear layer's sizes. */
export interface LinearShape {
  inFeatures: number;
  outFeatures: number;
  bias: boolean;
}

/** The printed sizes of a Linear-like module (`Linear`, `Conv1D(nf, nx)`), or a LineProblem. */
export function linearShapeOf(node: ModuleNode): LinearShape {
  const args = argsOf(node);
  if (node.type === 'Conv1D') {
    if (node.args.trim() === '') {
      throw new LineProblem(
        'Conv1D() prints no sizes (older transformers): its shape is not known',
      );
    }
    return {
      inFeatures: args.int('nx', 1, 'dimension'),
      outFeatures: args.int('nf', 0, 'dimension'),
      bias: true,
    };
  }
  return {
    inFeatures: args.int('in_features', 0, 'dimension'),
    outFeatures: args.int('out_features', 1, 'dimension'),
    bias: args.flag('bias', true),
  };
}

/** Emits a linear layer of `shape` named `path` on `stream`; returns the stream after it. */
export function linearLayer(
  ctx: WalkContext,
  path: string,
  stream: Stream,
  shape: LinearShape,
): Stream {
  const { inFeatures, outFeatures, bias } = shape;
  const rows = rowsFor(ctx, path, stream, inFeatures);
  const head = tiedHead(ctx.conventions, path, ctx.embeddings[0], inFeatures, outFeatures);
  const tied = head === true;
  const biasParams = bias ? outFeatures : 0;
  const model = ctx.conventions.modelClass;
  if (tied) {
    ctx.note(
      `${path} shares the word embedding's weight (as ${model} ties them; set ` +
        'tieWordEmbeddings to change it): counted once, with the embedding' +
        (bias ? '; its vocabulary-sized bias is its own and counted' : ''),
    );
  } else if (head === false) {
    ctx.note(
      `${path} has its own weight, not the word embedding's (as ${model} is configured by ` +
        'default; set tieWordEmbeddings if yours ties them)',
    );
  }
  ctx.addParams(tied ? biasParams : inFeatures * outFeatures + biasParams);
  ctx.emit({
    type: 'linear',
    name: path,
    inFeatures,
    outFeatures,
    bias,
    ...(rows > 1 ? { tokens: rows } : {}),
    ...(tied ? { tiedWeights: true } : {}),
  });
  return tokens(rows, outFeatures);
}

/** `nn.Linear` and friends, and GPT-2's `Conv1D`. */
export function linearLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  if (node.type === 'Conv1D') {
    ctx.note('Hugging Face Conv1D(nf, nx) is a linear layer from nx to nf features');
  }
  return linearLayer(ctx, path, stream, linearShapeOf(node));
}

/** `nn.Embedding(num_embeddings, embedding_dim)`: a lookup of each token's row. */
export function embeddingLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const args = argsOf(node);
  const vocab = args.int('num_embeddings', 0, 'dimension');
  const dim = args.int('embedding_dim', 1, 'dimension');
  const seq = requireSeq(ctx, node);
  const rows = stream.kind === 'tokens' ? stream.tokens : seq;
  ctx.addParams(vocab * dim);
  ctx.emit({ type: 'embedding', name: path, vocab, dim, tokens: rows });
  const summed = stream.kind === 'tokens' && stream.features === dim && ctx.embeddings.length > 0;
  ctx.embeddings.push({ vocab, dim });
  if (summed) {
    ctx.note(
      'an embedding after another of the same width is summed into it (position and ' +
        'token-type tables): one add each',
    );
    if (vocab < rows && /pos|wpe/i.test(path)) {
      ctx.note(`${path}: seq ${rows} is longer than its ${vocab} positions`);
    }
    ctx.emit({ type: 'residual-add', name: joinPath(path, 'add'), elements: rows * dim });
  }
  return tokens(rows, dim);
}

/** A GPT-2 Conv1D child, or its GPT-2 default when an older transformers printed no size. */
export function walkConv1D(
  ctx: WalkContext,
  child: ModuleNode,
  path: string,
  stream: Stream,
  fallback: LinearShape | null,
): Stream {
  if (child.type !== 'Conv1D' || child.args.trim() !== '' || fallback === null) {
    return ctx.walk(child, path, stream);
  }
  ctx.visit();
  return ctx.attempt(child, stream, () => {
    ctx.note("Conv1D() prints no sizes (older transformers): GPT-2's are assumed (3E, 4E)");
    return linearLayer(ctx, path, stream, fallback);
  });
}
