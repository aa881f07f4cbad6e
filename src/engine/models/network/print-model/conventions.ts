/**
 * What a repr does not show and the parser must assume, in one place: the model's class under
 * wrappers (`DistributedDataParallel(module)`, `torch.compile`'s `OptimizedModule(_orig_mod)`),
 * whether attention is causal (decoder language models), whether an LM head shares the word
 * embedding (Hugging Face ties them unless the family's config says not to), and the head size
 * that splits an attention width into heads. The learner's input overrides each.
 */
import type { ModuleNode, PrintedModelInput } from './types';

/** The conventions of one model. */
export interface Conventions {
  /** The model's class. */
  modelClass: string;
  /** Attention is causal. */
  causal: boolean;
  /** True or false when the learner said; null to decide from the model's family. */
  tieWordEmbeddings: boolean | null;
  /** A Hugging Face model with an LM head (tied by default unless `untiedFamily`). */
  languageModel: boolean;
  /** A family whose configs leave the LM head untied (Llama 2, Mistral, Qwen2). */
  untiedFamily: boolean;
  /** Head size from the learner, or null for the default. */
  headDim: number | null;
  /** The model has a rotary embedding module, applied to Q and K in each attention's Python. */
  rotary: boolean;
}

const WRAPPERS = new Set([
  'DistributedDataParallel',
  'DataParallel',
  'FullyShardedDataParallel',
  'OptimizedModule',
]);
const DECODER = /CausalLM|LMHeadModel|GPT|Llama|Mistral|Mixtral|Qwen|Gemma|Phi|Falcon|OPT|Bloom/;
const LANGUAGE_MODEL =
  /LMHeadModel|ForCausalLM|ForMaskedLM|ForPreTraining|ForConditionalGeneration/;
const UNTIED = /^(Llama|Mistral|Mixtral|Qwen2|Qwen3)/;
const LLAMA_FAMILY = /Llama|Mistral|Mixtral|Qwen|Gemma/;
/** Module names of LM heads that may share the word embedding. */
const HEAD_NAMES = new Set(['lm_head', 'decoder', 'generator_lm_head']);

/** The model's class: the root's type, under single-child wrappers. */
export function modelClassOf(root: ModuleNode): string {
  let node = root;
  for (let depth = 0; depth < 4 && WRAPPERS.has(node.type); depth += 1) {
    const [only] = node.children;
    if (only === undefined || node.children.length !== 1) break;
    node = only;
  }
  return node.type;
}

/** The conventions for the model under `root`, with the learner's overrides. */
export function conventionsFor(root: ModuleNode, input: PrintedModelInput): Conventions {
  const modelClass = modelClassOf(root);
  return {
    modelClass,
    causal: input.causal ?? DECODER.test(modelClass),
    tieWordEmbeddings: input.tieWordEmbeddings ?? null,
    languageModel: LANGUAGE_MODEL.test(modelClass),
    untiedFamily: UNTIED.test(modelClass),
    headDim: input.headDim ?? null,
    rotary: hasModule(root, /RotaryEmbedding$/),
  };
}

/** Whether any module under `root` has a class matching `type`. */
function hasModule(root: ModuleNode, type: RegExp): boolean {
  return type.test(root.type) || root.children.some((child) => hasModule(child, type));
}

/** How an attention of `width` (query) and `kvWidth` (key) splits into heads. */
export interface HeadSplit {
  heads: number;
  kvHeads: number;
  headDim: number;
  /** What was assumed, for the notes. */
  note: string;
}

/**
 * The heads of an attention module of class `type`: head size from the learner, else 128 for
 * a Llama-family model 3072 or more wide, else 64. A width it does not divide is one head; a
 * key width that does not give a whole divisor of the heads is as many key heads as heads.
 */
export function headSplit(
  conventions: Conventions,
  type: string,
  width: number,
  kvWidth: number,
): HeadSplit {
  const wide = LLAMA_FAMILY.test(type) && width >= 3072;
  const wanted = conventions.headDim ?? (wide ? 128 : 64);
  const source = conventions.headDim === null ? 'assumed (the repr does not show it)' : 'given';
  if (width % wanted !== 0) {
    return {
      heads: 1,
      kvHeads: 1,
      headDim: width,
      note: `attention width ${width} is not a multiple of the head size ${wanted}: modelled as one head`,
    };
  }
  const heads = width / wanted;
  const kv = kvWidth % wanted === 0 ? kvWidth / wanted : heads;
  const kvHeads = kv >= 1 && heads % kv === 0 ? kv : heads;
  const grouped = kvHeads === heads ? '' : ` and ${kvHeads} key/value heads (grouped-query)`;
  return {
    heads,
    kvHeads,
    headDim: wanted,
    note: `attention ${width} wide: ${heads} heads of ${wanted}${grouped}; head size ${source}`,
  };
}

/**
 * Whether a linear layer named `path` (in → out) is an LM head tied to the word embedding
 * `embedding` (vocab × dim): the learner's answer, else Hugging Face's default for the family;
 * null when it is no LM head (not named as one, or not the embedding's shape transposed).
 */
export function tiedHead(
  conventions: Conventions,
  path: string,
  embedding: { vocab: number; dim: number } | undefined,
  inFeatures: number,
  outFeatures: number,
): boolean | null {
  const name = path.slice(path.lastIndexOf('.') + 1);
  if (embedding === undefined || !HEAD_NAMES.has(name)) return null;
  if (embedding.vocab !== outFeatures || embedding.dim !== inFeatures) return null;
  if (conventions.tieWordEmbeddings !== null) return conventions.tieWordEmbeddings;
  return conventions.languageModel && !conventions.untiedFamily;
}
