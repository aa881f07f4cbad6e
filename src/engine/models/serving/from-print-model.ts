/**
 * A pasted `print(model)` of a Hugging Face decoder (LlamaForCausalLM, GPT2LMHeadModel,
 * MistralForCausalLM, PhiForCausalLM, GPTNeoXForCausalLM, OPTForCausalLM…) as the decoder spec
 * the serving model takes. The text is read with the network reader's module tree
 * (`network/print-model/tree.ts`) and its conventions; what the spec needs is found by shape,
 * not by one family's names:
 *
 * - `hidden` and `vocab`: the token embedding, `Embedding(vocab, hidden)` (the first one as wide
 *   as the blocks);
 * - `layers`: the decoder blocks, the smallest modules holding both an attention (a query, key
 *   and value projection, separate or fused) and an MLP, counted with their repeats
 *   (`(0-31): 32 x LlamaDecoderLayer(`);
 * - `kvHeads` and `heads`: from the key projection's width over the head size. The repr does not
 *   print the head size: it is given, or assumed as the network reader assumes it (128 for a
 *   Llama-family model 3,072 or more wide, else 64), and the assumption is among the notes. The
 *   head count changes nothing the serving model prices: weights, KV bytes and FLOPs depend on
 *   the widths (heads × head size), which the text does show;
 * - `ffn` and `gated`: the MLP's linears outside the attention: those that read the hidden width
 *   (one, or gate and up: `gated`) and the one that writes it back (its input width is `ffn`);
 * - `tiedEmbeddings`: whether the LM head shares the embedding, as Hugging Face configures the
 *   family (GPT-2 ties, Llama does not), or as the learner says.
 *
 * A text that is no decoder (an encoder such as BERT, a CNN, a single layer, a mixture of
 * experts, attention wider than the model) is a RangeError that says why. Pure.
 */
import { MAX_TEXT_CHARS, MAX_TEXT_LINES } from '../network/print-model/parse-printed-model';
import { conventionsFor, headSplit, tiedHead } from '../network/print-model/conventions';
import { argsOf } from '../network/print-model/args';
import { linearShapeOf, type LinearShape } from '../network/print-model/leaf-dense';
import { parseModuleTree } from '../network/print-model/tree';
import type { ModuleNode } from '../network/print-model/types';
import { parseDecoderSpec, type DecoderSpec } from './decoder';

/** What the learner may say that the text does not show. */
export interface PrintedDecoderOptions {
  /** Elements per attention head; assumed when left out (see the module comment). */
  headDim?: number;
  /** Whether the LM head shares the token embedding; the family's default when left out. */
  tieWordEmbeddings?: boolean;
}

/** A decoder read from a pasted `print(model)`. */
export interface PrintedDecoder {
  /** The model's class (`LlamaForCausalLM`). */
  model: string;
  spec: DecoderSpec;
  /** True when the head size was assumed, not given. */
  headDimAssumed: boolean;
  /** Elements per head used. */
  headDim: number;
  /** What was assumed or left out, one sentence each. */
  notes: string[];
}

/** Classes that are no decoder a server generates from: encoders, encoder-decoders, vision. */
const NOT_DECODER =
  /Bert|Roberta|Electra|DistilBert|Albert|Deberta|ForMaskedLM|ForSequenceClassification|ForTokenClassification|Encoder(Layer)?$|^T5|Bart|Pegasus|Marian|Whisper|ViT|VisionTransformer|CLIP|ResNet|ConvNe[Xx]t|Sequential$/;
/** Mixture-of-experts blocks: the serving model prices a dense MLP. */
const EXPERTS = /MoE|Moe|Expert|SparseMlp|SwitchTransformers/;

/** Linears a repr prints (the network reader's names). */
const LINEAR_TYPES = new Set([
  'Linear',
  'NonDynamicallyQuantizableLinear',
  'Linear8bitLt',
  'Linear4bit',
  'Conv1D',
]);

/** Separate query and key projections, by name. */
const QUERY = new Set(['q_proj', 'query', 'q', 'wq', 'q_lin']);
const KEY = new Set(['k_proj', 'key', 'k', 'wk', 'k_lin']);
/** Fused query-key-value projections, by name. */
const FUSED_QKV = new Set(['c_attn', 'qkv_proj', 'query_key_value', 'Wqkv', 'qkv', 'in_proj']);
/** A fused gate-and-up projection (Phi-3): its output is twice the MLP's width. */
const FUSED_GATE_UP = new Set(['gate_up_proj', 'w12']);
/** LM heads by name. */
const HEAD_NAMES = new Set(['lm_head', 'embed_out', 'output', 'generator_lm_head']);

/** A module with its dotted path and how many copies of it run (its and its parents' repeats). */
interface Placed {
  node: ModuleNode;
  path: string;
  copies: number;
}

/** Every module under `node` (itself included), depth first, in print order. */
function placedModules(node: ModuleNode, path = '', copies = 1): Placed[] {
  const here: Placed = { node, path, copies: copies * node.repeat };
  return [
    here,
    ...node.children.flatMap((child) =>
      placedModules(child, path === '' ? child.name : `${path}.${child.name}`, here.copies),
    ),
  ];
}

/** Whether a module is a linear layer. */
const isLinear = (node: ModuleNode) => LINEAR_TYPES.has(node.type);

/** A linear's sizes, or a RangeError naming its line. */
function shapeOf(node: ModuleNode): LinearShape {
  try {
    return linearShapeOf(node);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new RangeError(`line ${node.line} (${node.text}): ${why}`);
  }
}

/** Whether the subtree under `node` holds a query projection, separate or fused. */
function holdsAttention(node: ModuleNode): boolean {
  if (isLinear(node) && (QUERY.has(node.name) || FUSED_QKV.has(node.name))) return true;
  return node.children.some(holdsAttention);
}

/** The linears under `node` (itself included). */
function linearsUnder(node: ModuleNode): ModuleNode[] {
  return placedModules(node)
    .map((p) => p.node)
    .filter(isLinear);
}

/** The smallest module under `block` that holds the attention's projections. */
function attentionModule(block: ModuleNode): ModuleNode {
  const inner = block.children.find(holdsAttention);
  return inner === undefined || isLinear(inner) ? block : attentionModule(inner);
}

/** Whether `node` is a block: an attention and, beside it, more linears (the MLP). */
function isBlock(node: ModuleNode): boolean {
  if (isLinear(node) || !holdsAttention(node)) return false;
  const attention = attentionModule(node);
  return attention !== node && linearsUnder(node).length > linearsUnder(attention).length;
}

/** The query and key widths and the model width an attention module's projections show. */
interface AttentionWidths {
  hidden: number;
  queryWidth: number;
  kvWidth: number;
  /** The attention module's class, for the head-size convention. */
  type: string;
}

/** Reads the attention's projections: separate q, k, v, or one fused projection. */
function attentionWidths(attention: ModuleNode): AttentionWidths {
  const linears = linearsUnder(attention);
  const named = (names: ReadonlySet<string>) => linears.find((l) => names.has(l.name));
  const q = named(QUERY);
  const k = named(KEY);
  const fused = named(FUSED_QKV);
  if (q !== undefined && k !== undefined) {
    const query = shapeOf(q);
    const key = shapeOf(k);
    if (key.inFeatures !== query.inFeatures) {
      throw new RangeError(
        `the key projection reads ${key.inFeatures} features but the query ${query.inFeatures} (line ${k.line}): not a self-attention the serving model reads`,
      );
    }
    return {
      hidden: query.inFeatures,
      queryWidth: query.outFeatures,
      kvWidth: key.outFeatures,
      type: attention.type,
    };
  }
  if (fused !== undefined) {
    const { inFeatures, outFeatures } = shapeOf(fused);
    // Query as wide as the model; what is left is keys and values, half each.
    const kvTwice = outFeatures - inFeatures;
    if (kvTwice <= 0 || kvTwice % 2 !== 0) {
      throw new RangeError(
        `the fused projection ${fused.name} (line ${fused.line}) writes ${outFeatures} features from ${inFeatures}: not a query, keys and values`,
      );
    }
    return {
      hidden: inFeatures,
      queryWidth: inFeatures,
      kvWidth: kvTwice / 2,
      type: attention.type,
    };
  }
  throw new RangeError(
    `the attention at line ${attention.line} (${attention.text}) has no query and key projections the reader knows (q_proj and k_proj, c_attn, qkv_proj, query_key_value)`,
  );
}

/** The MLP's width and whether it is gated, from the block's linears outside its attention. */
function mlpOf(
  block: ModuleNode,
  attention: ModuleNode,
  hidden: number,
): { ffn: number; gated: boolean } {
  const inAttention = new Set(linearsUnder(attention));
  const linears = linearsUnder(block).filter((l) => !inAttention.has(l));
  const shapes = linears.map((node) => ({ node, shape: shapeOf(node) }));
  const down = shapes.find((s) => s.shape.outFeatures === hidden && s.shape.inFeatures !== hidden);
  if (down === undefined) {
    throw new RangeError(
      `the block at line ${block.line} (${block.text}) has no MLP the reader finds: a linear from a wider inner size back to ${hidden} features (down_proj, c_proj, fc2)`,
    );
  }
  const ffn = down.shape.inFeatures;
  const ups = shapes.filter((s) => s.shape.inFeatures === hidden && s.shape.outFeatures !== hidden);
  const upWidth = ups.reduce((sum, s) => sum + s.shape.outFeatures, 0);
  const fusedGateUp = ups.some((s) => FUSED_GATE_UP.has(s.node.name));
  if (upWidth === 2 * ffn && (ups.length === 2 || fusedGateUp)) return { ffn, gated: true };
  if (upWidth === ffn && ups.length === 1) return { ffn, gated: false };
  throw new RangeError(
    `the MLP of the block at line ${block.line} (${block.text}) is not one the serving model prices: ${ffn} features come back to ${hidden}, but ${ups.length === 0 ? 'nothing' : ups.map((s) => `${s.node.name} (${s.shape.outFeatures})`).join(' and ')} reads the hidden state`,
  );
}

/** Sizes of one block, to check that every block agrees. */
function blockKey(w: AttentionWidths, mlp: { ffn: number; gated: boolean }): string {
  return `${w.hidden}/${w.queryWidth}/${w.kvWidth}/${mlp.ffn}/${mlp.gated}`;
}

/** Reads the text of a `print(model)` of a decoder (see the module comment). */
function read(text: string, options: PrintedDecoderOptions): PrintedDecoder {
  if (typeof text !== 'string') throw new RangeError('the model must be given as text');
  if (text.trim() === '') {
    throw new RangeError('the text is empty: paste what print(model) prints for your decoder');
  }
  if (text.length > MAX_TEXT_CHARS) {
    throw new RangeError(`the text is longer than ${MAX_TEXT_CHARS} characters`);
  }
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > MAX_TEXT_LINES) {
    throw new RangeError(`the text has ${lines.length} lines; at most ${MAX_TEXT_LINES} are read`);
  }
  const { root } = parseModuleTree(lines);
  if (root === null) {
    throw new RangeError(
      'no module found: paste the output of print(model), which begins with a line such as "LlamaForCausalLM("',
    );
  }
  const headDimGiven = options.headDim;
  const conventions = conventionsFor(root, {
    mode: 'inference',
    ...(headDimGiven === undefined ? {} : { headDim: headDimGiven }),
    ...(options.tieWordEmbeddings === undefined
      ? {}
      : { tieWordEmbeddings: options.tieWordEmbeddings }),
  });
  const model = conventions.modelClass;
  const all = placedModules(root);
  if (NOT_DECODER.test(model)) {
    throw new RangeError(
      `${model} is not a decoder: a server generates text with a causal decoder (a class such as LlamaForCausalLM or GPT2LMHeadModel), one token after another`,
    );
  }
  const experts = all.find((p) => EXPERTS.test(p.node.type) || p.node.name === 'experts');
  if (experts !== undefined) {
    throw new RangeError(
      `${model} is a mixture of experts (line ${experts.node.line}: ${experts.node.text}): the serving model prices a dense MLP, so it cannot read this one`,
    );
  }
  // Blocks: the smallest modules that hold an attention and an MLP beside it.
  const decoderBlocks = all.filter((p) => isBlock(p.node) && !p.node.children.some(isBlock));
  if (decoderBlocks.length === 0) {
    throw new RangeError(
      `${model} has no decoder blocks the reader finds: each block holds an attention (q_proj, k_proj and v_proj, or a fused c_attn) and an MLP`,
    );
  }
  const first = decoderBlocks[0]!;
  const attention = attentionModule(first.node);
  const widths = attentionWidths(attention);
  const mlp = mlpOf(first.node, attention, widths.hidden);
  const key = blockKey(widths, mlp);
  for (const other of decoderBlocks.slice(1)) {
    const a = attentionModule(other.node);
    const w = attentionWidths(a);
    if (blockKey(w, mlpOf(other.node, a, w.hidden)) !== key) {
      throw new RangeError(
        `the block at line ${other.node.line} (${other.node.text}) differs in size from the first (line ${first.node.line}): the serving model takes a decoder whose blocks are alike`,
      );
    }
  }
  const layers = decoderBlocks.reduce((sum, p) => sum + p.copies, 0);
  const hidden = widths.hidden;
  if (widths.queryWidth !== hidden) {
    throw new RangeError(
      `${model}'s attention is ${widths.queryWidth} wide but the model ${hidden}: a decoder spec has heads × head size = hidden, so it cannot describe this model`,
    );
  }

  const embedding = all.find((p) => {
    if (p.node.type !== 'Embedding') return false;
    const args = argsOf(p.node);
    return args.raw('embedding_dim', 1) === hidden;
  });
  if (embedding === undefined) {
    throw new RangeError(
      `the text has no token embedding, Embedding(vocab, ${hidden}): paste the whole model's print(model), not one layer`,
    );
  }
  const vocabValue = argsOf(embedding.node).raw('num_embeddings', 0);
  if (typeof vocabValue !== 'number' || !Number.isSafeInteger(vocabValue) || vocabValue < 1) {
    throw new RangeError(
      `line ${embedding.node.line}: the embedding's vocabulary is not a whole number`,
    );
  }
  const vocab = vocabValue;

  const notes: string[] = [];
  const split = headSplit(conventions, widths.type, widths.queryWidth, widths.kvWidth);
  if (/not a multiple/.test(split.note) || widths.kvWidth % split.headDim !== 0) {
    throw new RangeError(
      `${model}'s attention (${widths.queryWidth} wide, keys ${widths.kvWidth} wide) does not split into heads of ${split.headDim === widths.queryWidth ? 'the assumed size' : split.headDim}: give the head size`,
    );
  }
  const kvHeads = widths.kvWidth / split.headDim;
  if (split.heads % kvHeads !== 0) {
    throw new RangeError(
      `${kvHeads} key/value heads do not divide ${split.heads} query heads: give the head size`,
    );
  }
  const headDimAssumed = headDimGiven === undefined;
  notes.push(
    headDimAssumed
      ? `Head size ${split.headDim} assumed (print(model) does not show it): ${split.heads} query heads and ${kvHeads} key/value heads. The serving model's bytes and FLOPs depend only on the widths (${hidden} and ${widths.kvWidth}), which the text shows.`
      : `Head size ${split.headDim} as given: ${split.heads} query heads and ${kvHeads} key/value heads.`,
  );
  if (linearsUnder(first.node).some((l) => l.type === 'Conv1D')) {
    notes.push('Hugging Face Conv1D(nf, nx) is read as a linear layer from nx to nf features.');
  }

  const head = all.find((p) => isLinear(p.node) && HEAD_NAMES.has(p.node.name));
  let tiedEmbeddings: boolean;
  if (head === undefined) {
    tiedEmbeddings = options.tieWordEmbeddings ?? !conventions.untiedFamily;
    notes.push(
      `The text has no LM head (lm_head), as a base model prints: a server adds one, taken as ${tiedEmbeddings ? 'sharing the embedding' : 'a matrix of its own'}.`,
    );
  } else {
    const shape = shapeOf(head.node);
    const tied = tiedHead(
      conventions,
      head.path,
      { vocab, dim: hidden },
      shape.inFeatures,
      shape.outFeatures,
    );
    if (tied === null) {
      throw new RangeError(
        `the LM head ${head.path} (line ${head.node.line}) maps ${shape.inFeatures} to ${shape.outFeatures} features, not the model's ${hidden} to its vocabulary of ${vocab}`,
      );
    }
    tiedEmbeddings = tied;
    notes.push(
      tied
        ? `${head.path} shares the token embedding's weight (as ${model} is configured by default): counted once.`
        : `${head.path} has its own weight, not the embedding's (as ${model} is configured by default).`,
    );
  }
  notes.push('Biases, norms and position tables are left out of the weights (well under 1 %).');

  const spec = parseDecoderSpec({
    layers,
    hidden,
    heads: split.heads,
    kvHeads,
    ffn: mlp.ffn,
    vocab,
    gated: mlp.gated,
    tiedEmbeddings,
  });
  return { model, spec, headDimAssumed, headDim: split.headDim, notes };
}

/**
 * Reads a pasted `print(model)` of a Hugging Face decoder into a decoder spec, with the head size
 * and tying the learner gives, and notes on what was assumed. A text that is not a decoder is a
 * RangeError saying why.
 */
export function readDecoderFromPrintModel(
  text: string,
  options: PrintedDecoderOptions = {},
): PrintedDecoder {
  try {
    return read(text, options);
  } catch (error) {
    if (error instanceof RangeError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new RangeError(`could not read the model (internal error: ${message})`);
  }
}

/** The decoder spec of a pasted `print(model)` (head size assumed); a RangeError if no decoder. */
export function decoderSpecFromPrintModel(text: string): DecoderSpec {
  return readDecoderFromPrintModel(text).spec;
}
