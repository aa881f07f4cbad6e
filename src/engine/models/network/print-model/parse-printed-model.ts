/**
 * `parsePrintedModel`: a pasted `print(model)` of a PyTorch `nn.Module` as the engine's layer
 * list. The learner gives what a repr does not show (the input image or sequence length, and
 * training or inference); the result is the layers in execution order named by module path,
 * each already accepted by `analyzeLayer`, the parameter count as PyTorch counts it (tied
 * weights once, hidden parameters of the modules it knows added), every line it could not use
 * with why, and the conventions it applied. Nothing in the text is trusted: the text and its
 * lines are bounded, names are strings in arrays (never object keys), and the walk is bounded;
 * a problem with the whole input is a RangeError with a message, and nothing else escapes.
 */
import { FIELD_RANGES } from '../parse-network';
import { WalkContext, type WalkInput } from './context';
import { conventionsFor } from './conventions';
import { tokens } from './stream';
import { parseModuleTree } from './tree';
import { functionalActivationsNote } from './block-reused';
import type { PrintedModelInput, PrintedModelResult, Stream } from './types';
import { walkerFor } from './walk';

/** The longest text read, in characters. */
export const MAX_TEXT_CHARS = 2_000_000;
/** The most lines read: far more than any network the course models prints. */
export const MAX_TEXT_LINES = 20_000;
/** The most parameters a model may have in all. */
export const MAX_TOTAL_PARAMS = 1e14;

/** `value` as a whole number from `low` to `high`, or a RangeError naming `name`. */
function wholeNumber(name: string, value: unknown, low: number, high: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < low || value > high) {
    throw new RangeError(`${name} must be a whole number from ${low} to ${high}`);
  }
  return value;
}

/** The learner's input, checked. */
function checkInput(input: PrintedModelInput): WalkInput {
  if (typeof input !== 'object' || input === null) {
    throw new RangeError('the input must say the mode, and the image size or sequence length');
  }
  const { mode, image, seq, headDim, causal, tieWordEmbeddings } = input;
  if (mode !== 'train' && mode !== 'inference') {
    throw new RangeError('mode must be "train" or "inference"');
  }
  const checked: WalkInput = { training: mode === 'train' };
  if (image !== undefined) {
    if (typeof image !== 'object' || image === null)
      throw new RangeError('image must be an object');
    checked.image = {
      channels: wholeNumber('image channels', image.channels, 1, 4096),
      height: wholeNumber('image height', image.height, 1, 16384),
      width: wholeNumber('image width', image.width, 1, 16384),
    };
  }
  if (seq !== undefined) checked.seq = wholeNumber('seq', seq, 1, FIELD_RANGES.positions[1]);
  if (headDim !== undefined) wholeNumber('headDim', headDim, 1, 65536);
  for (const [name, flag] of [
    ['causal', causal],
    ['tieWordEmbeddings', tieWordEmbeddings],
  ] as const) {
    if (flag !== undefined && typeof flag !== 'boolean') {
      throw new RangeError(`${name} must be true or false`);
    }
  }
  return checked;
}

/** The stream reaching the model: the image, the sequence's tokens, or a flat vector. */
function inputStream(input: WalkInput): Stream {
  if (input.image !== undefined) return { kind: 'image', ...input.image };
  return tokens(input.seq ?? 1, null);
}

/** Reads the text of a `print(model)` (conventions in the module comment). */
function parse(text: string, input: PrintedModelInput): PrintedModelResult {
  const walkInput = checkInput(input);
  if (typeof text !== 'string') throw new RangeError('the model must be given as text');
  if (text.length > MAX_TEXT_CHARS) {
    throw new RangeError(`the text is longer than ${MAX_TEXT_CHARS} characters`);
  }
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > MAX_TEXT_LINES) {
    throw new RangeError(
      `the text has ${lines.length} lines; a print(model) the course reads has at most ` +
        `${MAX_TEXT_LINES} (ModuleList folds repeated blocks into one)`,
    );
  }
  const tree = parseModuleTree(lines);
  if (tree.root === null) {
    // A line that looked like the model's first but could not be read says why.
    const near = tree.unused.find((u) => !/not a module line|closes no module/.test(u.reason));
    throw new RangeError(
      'no module found: paste the output of print(model), which begins with a line such as ' +
        '"ResNet(" or "Sequential("' +
        (near === undefined
          ? ''
          : `; line ${near.line}: ${near.reason.replace(/^before the model: /, '')}`),
    );
  }
  const ctx = new WalkContext(walkInput, conventionsFor(tree.root, input));
  ctx.walk = walkerFor(ctx);
  ctx.walk(tree.root, '', inputStream(walkInput));
  const functional = functionalActivationsNote(tree.root);
  if (functional !== undefined) ctx.note(functional);
  if (walkInput.training && !ctx.lossAdded && !ctx.lossAfterLastLinear('loss')) {
    ctx.note('no loss added: the model does not end in a linear classifier');
  } else if (walkInput.training && !ctx.lossAdded) {
    ctx.note("training adds a softmax cross-entropy over the last linear layer's outputs");
  }
  const unused = [...tree.unused, ...ctx.unusedLines()].sort((a, b) => a.line - b.line);
  if (ctx.layers.length === 0) {
    const first = unused[0];
    const why = first === undefined ? '' : `; line ${first.line}: ${first.reason}`;
    throw new RangeError(`none of the model's modules could be modelled${why}`);
  }
  if (ctx.params > MAX_TOTAL_PARAMS) {
    throw new RangeError(`the model has more than ${MAX_TOTAL_PARAMS} parameters`);
  }
  if (tree.unclosed > 0) {
    ctx.note(`the text ends inside ${tree.unclosed} module(s): read as if they were closed`);
  }
  if (ctx.layerParams !== ctx.params) {
    ctx.note(
      `the layers carry ${ctx.layerParams} parameters, the repr ${ctx.params}: the difference ` +
        'is in modules not modelled or modelled approximately (notes above)',
    );
  }
  return {
    model: ctx.conventions.modelClass,
    layers: ctx.layers,
    params: ctx.params,
    unused,
    notes: ctx.notes(),
  };
}

/**
 * Reads a pasted `print(model)` into the engine's layers, the model's parameter count, the
 * unused lines and the notes; a RangeError with a message for input it cannot read.
 */
export function parsePrintedModel(text: string, input: PrintedModelInput): PrintedModelResult {
  try {
    return parse(text, input);
  } catch (error) {
    if (error instanceof RangeError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new RangeError(`could not read the model (internal error: ${message})`);
  }
}
