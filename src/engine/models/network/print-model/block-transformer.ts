/**
 * Transformer blocks, whose residual adds a repr does not show and whose printed order is not
 * always the order run: a pre-norm block (GPT-2's `ln_1, attn, ln_2, mlp`; Llama's
 * `self_attn, mlp, input_layernorm, post_attention_layernorm`, run norm, attention, add, norm,
 * MLP, add), BERT's post-norm outputs (`dense, LayerNorm, dropout` printed, run dense, dropout,
 * add, LayerNorm), `nn.TransformerEncoderLayer` (post-norm, its activation a function the repr
 * does not show: ReLU, the default, unless a module is printed), and MLPs with named
 * projections (GPT-2's `c_fc, c_proj, act`, run c_fc, act, c_proj; Llama's gated `gate_proj,
 * up_proj, down_proj, act_fn`, run gate, up, SiLU on the gate, their product, down). Residual
 * adds are named after the sublayer they close (`h.0.attn.add`).
 */
import { joinPath, type WalkContext } from './context';
import { walkConv1D } from './leaf-dense';
import { knownElements } from './stream';
import { childNamed, firstChild } from './tree';
import type { ModuleNode, Stream } from './types';

const ATTENTION = ['attn', 'self_attn', 'self_attention', 'attention'];
const MLP = ['mlp', 'feed_forward', 'ffn'];
const NORM_BEFORE_ATTENTION = ['ln_1', 'input_layernorm', 'attention_norm', 'norm1', 'ln1'];
const NORM_BEFORE_MLP = ['ln_2', 'post_attention_layernorm', 'ffn_norm', 'norm2', 'ln2'];
const GATE = ['gate_proj'];
const UP = ['up_proj', 'c_fc', 'fc1', 'dense_h_to_4h', 'lin1', 'wi'];
const DOWN = ['down_proj', 'c_proj', 'fc2', 'dense_4h_to_h', 'lin2', 'wo'];
const ACTIVATION = ['act_fn', 'act', 'activation', 'activation_fn', 'act_layer'];
const DROPOUT_TYPE = /Dropout/;

/** A walker of a sequence of steps over one block: children, adds, and where each goes. */
class Steps {
  readonly placed = new Set<ModuleNode>();
  constructor(
    private readonly ctx: WalkContext,
    private readonly node: ModuleNode,
    private readonly path: string,
  ) {}

  /** Walks the first of `names` the block has, if any. */
  child(names: readonly string[], stream: Stream): Stream {
    const child = firstChild(this.node, names);
    if (child === undefined) return stream;
    this.placed.add(child);
    return this.ctx.walk(child, joinPath(this.path, child.name), stream);
  }

  /** A residual add named `<part>.add`. */
  add(part: string, stream: Stream): void {
    const name = joinPath(part === '' ? this.path : joinPath(this.path, part), 'add');
    this.ctx.emit({ type: 'residual-add', name, elements: knownElements(stream) });
  }

  /** Marks what was not placed unused. */
  done(): void {
    this.ctx.unplaced(this.node, this.placed);
  }
}

/** A pre-norm block: norm, attention, add; norm, MLP, add. */
function runPreNorm(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  const steps = new Steps(ctx, node, path);
  const attention = firstChild(node, ATTENTION)?.name ?? 'attn';
  const mlp = firstChild(node, MLP)?.name ?? 'mlp';
  let s = steps.child(NORM_BEFORE_ATTENTION, stream);
  s = steps.child(ATTENTION, s);
  s = steps.child(['dropout'], s);
  steps.add(attention, s);
  s = steps.child(NORM_BEFORE_MLP, s);
  s = steps.child(MLP, s);
  steps.add(mlp, s);
  for (const child of node.children) {
    if (/Rotary/.test(child.type)) steps.child([child.name], s);
  }
  steps.done();
  ctx.note(
    `${node.type}: run as a pre-norm block (norm, attention, residual add; norm, MLP, ` +
      'residual add), whatever the printed order',
  );
  return s;
}

/** BERT's post-norm output: dense, dropout, residual add, LayerNorm. */
function runPostNormOutput(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const steps = new Steps(ctx, node, path);
  let s = steps.child(['dense'], stream);
  s = steps.child(['dropout'], s);
  steps.add('', s);
  s = steps.child(['LayerNorm'], s);
  steps.done();
  ctx.note(`${node.type}: run as dense, dropout, residual add, LayerNorm (post-norm)`);
  return s;
}

/** `nn.TransformerEncoderLayer`, post-norm. */
function runEncoderLayer(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const steps = new Steps(ctx, node, path);
  let s = steps.child(['self_attn'], stream);
  s = steps.child(['dropout1'], s);
  steps.add('self_attn', s);
  s = steps.child(['norm1'], s);
  s = steps.child(['linear1'], s);
  if (childNamed(node, 'activation') === undefined) {
    ctx.note(
      'TransformerEncoderLayer: its activation is a function the repr does not show: ReLU ' +
        '(the default) assumed',
    );
    ctx.emit({
      type: 'activation',
      name: joinPath(path, 'activation'),
      fn: 'relu',
      elements: knownElements(s),
    });
  } else {
    s = steps.child(['activation'], s);
  }
  s = steps.child(['dropout'], s);
  s = steps.child(['linear2'], s);
  s = steps.child(['dropout2'], s);
  steps.add('linear2', s);
  s = steps.child(['norm2'], s);
  steps.done();
  ctx.note(
    'TransformerEncoderLayer: run post-norm (norm_first=False, the default, which the repr ' +
      'does not show; the cost is the same either way)',
  );
  return s;
}

/** An MLP with named projections, gated or not. */
function runMlp(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  const steps = new Steps(ctx, node, path);
  const gate = firstChild(node, GATE);
  const up = firstChild(node, UP);
  const down = firstChild(node, DOWN);
  if (up === undefined || down === undefined) return stream;
  const width = stream.kind === 'tokens' ? stream.features : null;
  const gated = gate !== undefined ? steps.child(GATE, stream) : null;
  steps.placed.add(up);
  const inner = width === null ? null : 4 * width;
  const upShape = width === null ? null : { inFeatures: width, outFeatures: 4 * width, bias: true };
  const upOut = walkConv1D(ctx, up, joinPath(path, up.name), stream, upShape);
  const activated = firstChild(node, ACTIVATION);
  if (activated !== undefined) {
    steps.child([activated.name], gated ?? upOut);
  } else if (gated !== null) {
    ctx.note(`${node.type}: no activation printed: SiLU (SwiGLU) assumed on the gate`);
    const elements = knownElements(gated);
    ctx.emit({ type: 'activation', name: joinPath(path, 'act_fn'), fn: 'silu', elements });
  } else {
    ctx.note(`${path === '' ? node.type : path}: no activation printed between its projections`);
  }
  if (gated !== null) {
    const name = joinPath(path, 'multiply');
    ctx.emit({ type: 'multiply', name, elements: knownElements(upOut) });
    ctx.note('a gated MLP multiplies the activated gate by the up projection: one multiply');
  }
  steps.placed.add(down);
  const downShape =
    width === null || inner === null ? null : { inFeatures: inner, outFeatures: width, bias: true };
  let s = walkConv1D(ctx, down, joinPath(path, down.name), upOut, downShape);
  for (const child of node.children) {
    if (DROPOUT_TYPE.test(child.type)) s = steps.child([child.name], s);
  }
  steps.done();
  return s;
}

/** A pre-norm transformer block with attention, MLP and their two norms as children. */
export const PRE_NORM_BLOCK = {
  matches: (node: ModuleNode) =>
    [ATTENTION, MLP, NORM_BEFORE_ATTENTION, NORM_BEFORE_MLP].every(
      (names) => firstChild(node, names) !== undefined,
    ),
  run: runPreNorm,
};

/** BERT's `BertSelfOutput` and `BertOutput` (and their kin). */
export const POST_NORM_OUTPUT = {
  matches: (node: ModuleNode) =>
    /Output$/.test(node.type) &&
    childNamed(node, 'dense') !== undefined &&
    childNamed(node, 'LayerNorm') !== undefined,
  run: runPostNormOutput,
};

/** `nn.TransformerEncoderLayer`. */
export const ENCODER_LAYER = {
  matches: (node: ModuleNode) =>
    node.type === 'TransformerEncoderLayer' &&
    ['self_attn', 'linear1', 'linear2', 'norm1', 'norm2'].every(
      (name) => childNamed(node, name) !== undefined,
    ),
  run: runEncoderLayer,
};

/** The names an MLP block's children go by. */
const MLP_PARTS = new Set([...GATE, ...UP, ...DOWN, ...ACTIVATION]);

/**
 * An MLP with named up and down projections (GPT-2, Llama, T5) and nothing else but its
 * activation and dropouts: a model's own class with more (`fc1, relu, fc2` of a `Net`, or an
 * `fc3`) is not an MLP block and is walked as printed.
 */
export const NAMED_MLP = {
  matches: (node: ModuleNode) =>
    node.type !== 'Sequential' &&
    firstChild(node, UP) !== undefined &&
    firstChild(node, DOWN) !== undefined &&
    node.children.every((child) => MLP_PARTS.has(child.name) || DROPOUT_TYPE.test(child.type)),
  run: runMlp,
};
