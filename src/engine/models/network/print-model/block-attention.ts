/**
 * Attention modules, each as its projections and one fused attention layer named after the
 * module (`encoder.layer.0.attention.self`): Hugging Face's with separate query, key and value
 * linears (BERT's `query`/`key`/`value`; Llama's `q_proj`/`k_proj`/`v_proj` with `o_proj`, its
 * key width giving the key/value heads), GPT-2's fused `c_attn` (E → 3E) and `c_proj`, and
 * `nn.MultiheadAttention`, whose repr shows only `out_proj` and hides the packed in-projection
 * (3E×E weights and 3E biases): that is added as `<path>.in_proj`. Attention's own dropout runs
 * inside the fused kernel (no layer); the heads and the mask come from the conventions.
 */
import { joinPath, type WalkContext } from './context';
import { headSplit } from './conventions';
import { linearShapeOf, walkConv1D, type LinearShape } from './leaf-dense';
import { rowsFor, tokens } from './stream';
import { childNamed, firstChild } from './tree';
import { LineProblem, type ModuleNode, type Stream } from './types';

const QUERY = ['query', 'q_proj', 'q', 'wq'];
const KEY = ['key', 'k_proj', 'k', 'wk'];
const VALUE = ['value', 'v_proj', 'v', 'wv'];
const OUTPUT = ['o_proj', 'out_proj', 'o', 'wo'];
const INNER_DROPOUT = ['dropout', 'attn_dropout', 'attention_dropout'];
const OUTER_DROPOUT = ['resid_dropout'];

/** A linear child's shape, or null when its line cannot be read (its walk says why). */
function shapeOrNull(node: ModuleNode): LinearShape | null {
  try {
    return linearShapeOf(node);
  } catch (error) {
    if (error instanceof LineProblem) return null;
    throw error;
  }
}

/** Emits the fused attention layer for `width` query and `kvWidth` key features over `rows`. */
function fusedAttention(
  ctx: WalkContext,
  node: ModuleNode,
  path: string,
  rows: number,
  width: number,
  kvWidth: number,
): void {
  const split = headSplit(ctx.conventions, node.type, width, kvWidth);
  ctx.note(split.note);
  const causal = ctx.conventions.causal;
  ctx.note(
    causal
      ? `attention is causal (${ctx.conventions.modelClass} is a decoder; set causal to change it)`
      : 'attention is not causal (set causal to change it)',
  );
  ctx.emit({
    type: 'attention',
    name: path,
    heads: split.heads,
    ...(split.kvHeads !== split.heads ? { kvHeads: split.kvHeads } : {}),
    headDim: split.headDim,
    queries: rows,
    keys: rows,
    ...(causal ? { causal: true } : {}),
    // A Hugging Face decoder's forward builds a DynamicCache (use_cache defaults to True).
    ...(causal ? { cacheUpdate: true } : {}),
    ...(ctx.conventions.rotary ? { rotary: true } : {}),
  });
}

/** Walks the children named in `names` that `node` has, in order, adding them to `placed`. */
function walkNamed(
  ctx: WalkContext,
  node: ModuleNode,
  path: string,
  stream: Stream,
  names: readonly string[],
  placed: Set<ModuleNode>,
): Stream {
  let s = stream;
  for (const name of names) {
    const child = childNamed(node, name);
    if (child === undefined) continue;
    placed.add(child);
    s = ctx.walk(child, joinPath(path, name), s);
  }
  return s;
}

/** Marks the inner dropouts and rotary embeddings placed (they need no layer here). */
function placeSilent(ctx: WalkContext, node: ModuleNode, path: string, placed: Set<ModuleNode>) {
  for (const child of node.children) {
    if (INNER_DROPOUT.includes(child.name)) {
      placed.add(child);
      ctx.note(`${child.name} in ${node.type} runs inside the fused attention kernel: no layer`);
    }
    if (/Rotary/.test(child.type)) {
      placed.add(child);
      ctx.walk(child, joinPath(path, child.name), tokens(1, null));
    }
  }
}

/** Hugging Face attention with separate query, key and value linears. */
function runQkv(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  const [q, k, v] = [QUERY, KEY, VALUE].map((names) => firstChild(node, names));
  if (q === undefined || k === undefined || v === undefined) return stream;
  const placed = new Set<ModuleNode>([q, k, v]);
  const after = ctx.walk(q, joinPath(path, q.name), stream);
  ctx.walk(k, joinPath(path, k.name), stream);
  ctx.walk(v, joinPath(path, v.name), stream);
  const [qs, ks] = [shapeOrNull(q), shapeOrNull(k)];
  const rows = after.kind === 'tokens' ? after.tokens : 1;
  if (qs === null || ks === null) {
    ctx.note(`${path}: a projection could not be read, so its attention core is left out`);
  } else {
    fusedAttention(ctx, node, path, rows, qs.outFeatures, ks.outFeatures);
  }
  placeSilent(ctx, node, path, placed);
  let s = qs === null ? after : tokens(rows, qs.outFeatures);
  const output = firstChild(node, OUTPUT);
  if (output !== undefined) {
    placed.add(output);
    s = ctx.walk(output, joinPath(path, output.name), s);
  }
  s = walkNamed(ctx, node, path, s, OUTER_DROPOUT, placed);
  ctx.unplaced(node, placed);
  return s;
}

/** GPT-2's attention: a fused E → 3E projection, attention, an output projection. */
function runGpt2(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  const attn = childNamed(node, 'c_attn');
  const proj = childNamed(node, 'c_proj');
  if (attn === undefined || proj === undefined) return stream;
  const width =
    shapeOrNull(attn)?.inFeatures ?? (stream.kind === 'tokens' ? stream.features : null);
  if (width === null) throw new LineProblem('the width of c_attn is not known');
  const placed = new Set<ModuleNode>([attn, proj]);
  const fused = { inFeatures: width, outFeatures: 3 * width, bias: true };
  const after = walkConv1D(ctx, attn, joinPath(path, 'c_attn'), stream, fused);
  const rows = after.kind === 'tokens' ? after.tokens : 1;
  fusedAttention(ctx, node, path, rows, width, width);
  placeSilent(ctx, node, path, placed);
  const square = { inFeatures: width, outFeatures: width, bias: true };
  let s = walkConv1D(ctx, proj, joinPath(path, 'c_proj'), tokens(rows, width), square);
  s = walkNamed(ctx, node, path, s, OUTER_DROPOUT, placed);
  ctx.unplaced(node, placed);
  return s;
}

/** `nn.MultiheadAttention`: the hidden in-projection, attention, `out_proj`. */
function runMultihead(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  const out = childNamed(node, 'out_proj');
  if (out === undefined) throw new LineProblem('MultiheadAttention without its out_proj');
  const { inFeatures: width, bias } = linearShapeOf(out);
  const rows = rowsFor(ctx, path, stream, width);
  ctx.note(
    'MultiheadAttention hides its packed in-projection (in_proj_weight 3E×E and ' +
      'in_proj_bias 3E): added as <path>.in_proj; kdim and vdim are taken as embed_dim',
  );
  ctx.addParams(3 * width * width + (bias ? 3 * width : 0));
  const name = joinPath(path, 'in_proj');
  const inputRows = rows > 1 ? { tokens: rows } : {};
  ctx.emit({ type: 'linear', name, inFeatures: width, outFeatures: 3 * width, bias, ...inputRows });
  fusedAttention(ctx, node, path, rows, width, width);
  const placed = new Set<ModuleNode>([out]);
  const s = ctx.walk(out, joinPath(path, 'out_proj'), tokens(rows, width));
  ctx.unplaced(node, placed);
  return s;
}

/** Attention with query, key and value linear children. */
export const QKV_ATTENTION = {
  matches: (node: ModuleNode) =>
    [QUERY, KEY, VALUE].every((names) => {
      const child = firstChild(node, names);
      return child !== undefined && child.children.length === 0;
    }),
  run: runQkv,
};

/** GPT-2's attention (c_attn, c_proj). */
export const GPT2_ATTENTION = {
  matches: (node: ModuleNode) =>
    /Attention/.test(node.type) &&
    childNamed(node, 'c_attn') !== undefined &&
    childNamed(node, 'c_proj') !== undefined,
  run: runGpt2,
};

/** `nn.MultiheadAttention`. */
export const MULTIHEAD_ATTENTION = {
  matches: (node: ModuleNode) => node.type === 'MultiheadAttention',
  run: runMultihead,
};
