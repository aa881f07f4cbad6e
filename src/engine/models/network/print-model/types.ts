/**
 * The types of reading a pasted `print(model)`: what the learner gives beside the text (what a
 * repr does not show), what comes back, the module tree the text is parsed into, and the shape
 * of the activations flowing from one module to the next while the tree is walked. Pure types,
 * plus the error a single line's problem is raised with.
 */
import type { LayerSpec } from '../types';

/** What a repr does not show: the input's shape per sample, the use, and a few conventions. */
export interface PrintedModelInput {
  /** Training (dropout and a loss apply) or inference. */
  mode: 'train' | 'inference';
  /** One input image per sample, for convolutional networks (3×224×224 for ImageNet). */
  image?: { channels: number; height: number; width: number };
  /** Tokens (or time steps) per sample, for sequence models. */
  seq?: number;
  /** Size of one attention head; default 64 (128 for Llama-family models 3072 wide or more). */
  headDim?: number;
  /** Whether attention is causal; default from the model's class (decoders are). */
  causal?: boolean;
  /**
   * Whether an LM head shares the word embedding's weight; default as Hugging Face configures
   * the model's family (GPT-2 and BERT tie, Llama 2 does not).
   */
  tieWordEmbeddings?: boolean;
}

/** A line of the text that was not used, with why. */
export interface UnusedLine {
  /** 1-based line number in the pasted text. */
  line: number;
  /** The line, trimmed (at most 200 characters). */
  text: string;
  reason: string;
}

/** What `parsePrintedModel` returns: plain data. */
export interface PrintedModelResult {
  /** The model's class (the root line's type, under wrappers such as DistributedDataParallel). */
  model: string;
  /** The layers in execution order, named by module path, ready for `analyzeNetwork`. */
  layers: LayerSpec[];
  /** Parameters as PyTorch counts them (`sum(p.numel() for p in model.parameters())`). */
  params: number;
  /** Every line it could not use. */
  unused: UnusedLine[];
  /** The conventions it applied that the text does not show. */
  notes: string[];
}

/** One module of the printed tree: `(name): Type(args)` or an opening `(name): Type(`. */
export interface ModuleNode {
  /** The printed name (`conv1`, `0`, `0-11` for a repeat); '' for the root. */
  name: string;
  /** The class name. */
  type: string;
  /** The text between the parentheses of a one-line module; '' for a container. */
  args: string;
  children: ModuleNode[];
  /** 1-based line number. */
  line: number;
  /** The line, trimmed and capped. */
  text: string;
  /** How many identical copies (`(0-11): 12 x Block(`); 1 otherwise. */
  repeat: number;
  /** Index of the first copy of a repeat (0 for `(0-11)`). */
  firstIndex: number;
}

/** The activations reaching a module, per sample. */
export type Stream =
  | { kind: 'image'; channels: number; height: number; width: number }
  | {
      kind: 'tokens';
      /** Rows per sample (sequence positions; 1 for a flat vector). */
      tokens: number;
      /** Features per row; null before the first layer says (token ids, or an unknown width). */
      features: number | null;
      /** True right after an LSTM or GRU (a following Linear reads the last step). */
      recurrent?: boolean;
    };

/**
 * A problem with one line (a bad argument, a layer the engine rejects): the walk records the
 * line as unused and goes on. Errors about the whole input are RangeErrors instead.
 */
export class LineProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LineProblem';
  }
}
