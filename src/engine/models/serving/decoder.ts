/**
 * A decoder-only language model as a server sees it: the sizes that decide its weight bytes,
 * its FLOPs per token and its KV cache per token. A scenario names a zoo model or gives the
 * spec itself (`{"layers", "hidden", "heads", "kvHeads", "ffn", "vocab", "gated",
 * "tiedEmbeddings"}`); `gated` means a SwiGLU-style MLP with three matrices.
 */
import { describeValue } from '../scenario-fields';
import { requirePositiveInteger } from '../validate';

/** The sizes of a decoder. Head size is `hidden / heads`. */
export interface DecoderSpec {
  layers: number;
  hidden: number;
  heads: number;
  /** Key/value heads: `heads` for multi-head attention, fewer for grouped-query attention. */
  kvHeads: number;
  /** The MLP's inner width. */
  ffn: number;
  vocab: number;
  /** Three MLP matrices (gate, up, down) as in Llama, or two (up, down) as in GPT-2. */
  gated: boolean;
  /** The output layer reuses the token embedding (GPT-2), or has its own (Llama). */
  tiedEmbeddings: boolean;
}

/** A zoo language model a server can run. */
export interface ServingModel {
  id: string;
  name: string;
  spec: DecoderSpec;
  /** The longest context its position scheme was trained for. */
  maxContextTokens: number;
  /** Its published parameter count and where it is published. */
  publishedParams: { value: number; source: string };
}

const DECODER_FIELDS = [
  'layers',
  'hidden',
  'heads',
  'kvHeads',
  'ffn',
  'vocab',
  'gated',
  'tiedEmbeddings',
] as const;

const LLAMA31_SOURCE = (size: string) =>
  `meta-llama/Llama-3.1-${size} config.json on Hugging Face (Llama 3 architecture: grouped-query attention with 8 KV heads, SwiGLU, vocabulary 128,256, 131,072 positions)`;

function llama31(id: string, name: string, spec: DecoderSpec, params: number): ServingModel {
  return {
    id,
    name,
    spec,
    maxContextTokens: 131_072,
    publishedParams: { value: params, source: LLAMA31_SOURCE(name.replace('Llama 3.1 ', '')) },
  };
}

/**
 * The zoo's language models, as decoder specs (the network zoo builds the Llama 3.1 and Llama 2
 * 7B sizes too). Llama 3 8B and 70B have the sizes of their 3.1 successors.
 */
export const SERVING_MODELS: readonly ServingModel[] = [
  llama31(
    'llama3.1-8b',
    'Llama 3.1 8B',
    {
      layers: 32,
      hidden: 4096,
      heads: 32,
      kvHeads: 8,
      ffn: 14_336,
      vocab: 128_256,
      gated: true,
      tiedEmbeddings: false,
    },
    8_030_261_248,
  ),
  llama31(
    'llama3.1-70b',
    'Llama 3.1 70B',
    {
      layers: 80,
      hidden: 8192,
      heads: 64,
      kvHeads: 8,
      ffn: 28_672,
      vocab: 128_256,
      gated: true,
      tiedEmbeddings: false,
    },
    70_553_706_496,
  ),
  llama31(
    'llama3.1-405b',
    'Llama 3.1 405B',
    {
      layers: 126,
      hidden: 16_384,
      heads: 128,
      kvHeads: 8,
      ffn: 53_248,
      vocab: 128_256,
      gated: true,
      tiedEmbeddings: false,
    },
    405_853_388_800,
  ),
  {
    id: 'llama2-7b',
    name: 'Llama 2 7B',
    spec: {
      layers: 32,
      hidden: 4096,
      heads: 32,
      kvHeads: 32,
      ffn: 11_008,
      vocab: 32_000,
      gated: true,
      tiedEmbeddings: false,
    },
    maxContextTokens: 4096,
    publishedParams: {
      value: 6_738_415_616,
      source: 'Hugging Face transformers, meta-llama/Llama-2-7b-hf num_parameters()',
    },
  },
  {
    id: 'llama2-13b',
    name: 'Llama 2 13B',
    spec: {
      layers: 40,
      hidden: 5120,
      heads: 40,
      kvHeads: 40,
      ffn: 13_824,
      vocab: 32_000,
      gated: true,
      tiedEmbeddings: false,
    },
    maxContextTokens: 4096,
    publishedParams: {
      value: 13_015_864_320,
      source: 'Hugging Face transformers, meta-llama/Llama-2-13b-hf num_parameters()',
    },
  },
  {
    id: 'llama2-70b',
    name: 'Llama 2 70B',
    spec: {
      layers: 80,
      hidden: 8192,
      heads: 64,
      kvHeads: 8,
      ffn: 28_672,
      vocab: 32_000,
      gated: true,
      tiedEmbeddings: false,
    },
    maxContextTokens: 4096,
    publishedParams: {
      value: 68_976_648_192,
      source: 'Hugging Face transformers, meta-llama/Llama-2-70b-hf num_parameters()',
    },
  },
  {
    id: 'gpt2-1.5b',
    name: 'GPT-2 1.5B',
    spec: {
      layers: 48,
      hidden: 1600,
      heads: 25,
      kvHeads: 25,
      ffn: 6400,
      vocab: 50_257,
      gated: false,
      tiedEmbeddings: true,
    },
    maxContextTokens: 1024,
    publishedParams: {
      value: 1_557_611_200,
      source: 'Hugging Face transformers, gpt2-xl num_parameters()',
    },
  },
];

/** Every serving model's id, in zoo order. */
export const SERVING_MODEL_IDS: readonly string[] = SERVING_MODELS.map((m) => m.id);

/** The zoo language model with this id; an unknown id is a RangeError listing the ids. */
export function getServingModel(id: string): ServingModel {
  const model = SERVING_MODELS.find((candidate) => candidate.id === id);
  if (model === undefined) {
    throw new RangeError(
      `unknown model ${JSON.stringify(id)}; the zoo's language models are ${SERVING_MODEL_IDS.join(', ')}, or give a decoder spec {${DECODER_FIELDS.join(', ')}}`,
    );
  }
  return model;
}

/**
 * A decoder spec checked field by field: every field present, whole numbers positive, `heads`
 * dividing `hidden`, `kvHeads` dividing `heads`, flags true or false, and no other field.
 */
export function parseDecoderSpec(value: unknown): DecoderSpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RangeError(`a decoder spec must be an object, got ${describeValue(value)}`);
  }
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter(
    (key) => !(DECODER_FIELDS as readonly string[]).includes(key),
  );
  if (unknown.length > 0) {
    throw new RangeError(
      `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} in the decoder spec; it takes ${DECODER_FIELDS.join(', ')}`,
    );
  }
  const missing = DECODER_FIELDS.filter((key) => record[key] === undefined);
  if (missing.length > 0) {
    throw new RangeError(`the decoder spec lacks ${missing.join(', ')}`);
  }
  const whole = (key: (typeof DECODER_FIELDS)[number]): number => {
    const n = record[key];
    if (typeof n !== 'number') {
      throw new RangeError(`decoder ${key} must be a number, got ${describeValue(n)}`);
    }
    requirePositiveInteger(`decoder ${key}`, n);
    return n;
  };
  const flag = (key: 'gated' | 'tiedEmbeddings'): boolean => {
    const b = record[key];
    if (typeof b !== 'boolean') {
      throw new RangeError(`decoder ${key} must be true or false, got ${describeValue(b)}`);
    }
    return b;
  };
  const spec: DecoderSpec = {
    layers: whole('layers'),
    hidden: whole('hidden'),
    heads: whole('heads'),
    kvHeads: whole('kvHeads'),
    ffn: whole('ffn'),
    vocab: whole('vocab'),
    gated: flag('gated'),
    tiedEmbeddings: flag('tiedEmbeddings'),
  };
  if (spec.hidden % spec.heads !== 0) {
    throw new RangeError(
      `decoder heads (${spec.heads}) must divide hidden (${spec.hidden}) so every head has the same size`,
    );
  }
  if (spec.heads % spec.kvHeads !== 0) {
    throw new RangeError(
      `decoder kvHeads (${spec.kvHeads}) must divide heads (${spec.heads}): each KV head serves a whole group of query heads`,
    );
  }
  return spec;
}

/** A scenario's `model`: a zoo id or a decoder spec. */
export function resolveDecoder(model: unknown): { id: string | null; spec: DecoderSpec } {
  if (typeof model === 'string') {
    const found = getServingModel(model);
    return { id: found.id, spec: found.spec };
  }
  return { id: null, spec: parseDecoderSpec(model) };
}

/** Elements per head. */
export function headDim(spec: DecoderSpec): number {
  return spec.hidden / spec.heads;
}

/** Weight elements of one decoder layer's matrices (attention and MLP; norms left out). */
export function layerMatrixElements(spec: DecoderSpec): number {
  const d = headDim(spec);
  const attention =
    spec.hidden * (spec.heads + 2 * spec.kvHeads) * d + spec.heads * d * spec.hidden;
  const mlp = (spec.gated ? 3 : 2) * spec.hidden * spec.ffn;
  return attention + mlp;
}

/** Elements of the token embedding, and of the output layer when it is not tied to it. */
export function embeddingElements(spec: DecoderSpec): { embedding: number; head: number } {
  const table = spec.vocab * spec.hidden;
  return { embedding: table, head: spec.tiedEmbeddings ? 0 : table };
}

/**
 * Parameters: the layers' matrices, the norms' scales (two per layer and a final one), the
 * embedding and an untied head. Biases and GPT-2's position table are left out, so GPT-2
 * counts about 1 % low.
 */
export function decoderParams(spec: DecoderSpec): number {
  const { embedding, head } = embeddingElements(spec);
  return (
    spec.layers * (layerMatrixElements(spec) + 2 * spec.hidden) + spec.hidden + embedding + head
  );
}

/** Key and value elements one token leaves in the cache, over all layers. */
export function kvElementsPerToken(spec: DecoderSpec): number {
  return 2 * spec.layers * spec.kvHeads * headDim(spec);
}
