/**
 * The state of one walk over a printed model: the layers emitted so far (each checked by
 * `analyzeLayer` as it is added, so the list is always one `analyzeNetwork` accepts), the
 * parameters counted from the repr, the notes on conventions applied, the unused lines, and
 * the bounds that keep hostile text from running long: at most `MAX_VISITS` module visits
 * (repeats multiply them) and `MAX_EMITTED_LAYERS` layers. A module handler that fails rolls
 * its own layers and parameters back (`attempt`), so a line is either used whole or unused.
 */
import { analyzeLayer } from '../layers/analyze';
import type { LayerSpec } from '../types';
import type { Conventions } from './conventions';
import { LineProblem, type ModuleNode, type Stream, type UnusedLine } from './types';

/** The most module visits one walk makes (each copy of a repeat is a visit). */
export const MAX_VISITS = 200_000;
/** The most layers one printed model may expand to. */
export const MAX_EMITTED_LAYERS = 20_000;
/** The most parameters one module may hold: larger is not a network anyone trains. */
export const MAX_MODULE_PARAMS = 1e13;
/** The most notes kept. */
const MAX_NOTES = 60;

/** Walks one module (`path` is its full name) on the stream reaching it; returns the stream after. */
export type Walker = (node: ModuleNode, path: string, stream: Stream) => Stream;

/** What the learner gave beside the text, checked. */
export interface WalkInput {
  training: boolean;
  image?: { channels: number; height: number; width: number };
  seq?: number;
}

/** The state of one walk; handlers read and write it. */
export class WalkContext {
  readonly layers: LayerSpec[] = [];
  /** Parameters counted from the repr, as PyTorch counts them. */
  params = 0;
  /** Parameters the emitted layers carry (as `analyzeNetwork` will count them). */
  layerParams = 0;
  /** Word embeddings seen, for tied heads and summed position embeddings. */
  readonly embeddings: Array<{ vocab: number; dim: number }> = [];
  /** BERT's pooled first token, once its pooler ran. */
  pooled: Stream | null = null;
  /** True from a pooler's run until a sibling after it takes the pooled stream. */
  pooledPending = false;
  /** True once a handler added the model's loss (BERT's two pretraining heads). */
  lossAdded = false;
  /** Walks a child; set by the walker, so handlers need not import it. */
  walk: Walker = () => {
    throw new RangeError('internal error: the walker is not set');
  };
  private readonly noteSet = new Set<string>();
  private readonly unusedByLine = new Map<number, UnusedLine>();
  private visits = 0;

  constructor(
    readonly input: WalkInput,
    readonly conventions: Conventions,
  ) {}

  /** Counts one module visit; a RangeError past `MAX_VISITS`. */
  visit(): void {
    this.visits += 1;
    if (this.visits > MAX_VISITS) {
      throw new RangeError(
        `the model expands to more than ${MAX_VISITS} module visits (repeats multiply them): ` +
          'too large to read',
      );
    }
  }

  /** Adds a layer after `analyzeLayer` accepts it; its rejection is a LineProblem. */
  emit(spec: LayerSpec): void {
    if (this.layers.length >= MAX_EMITTED_LAYERS) {
      throw new RangeError(`the model expands to more than ${MAX_EMITTED_LAYERS} layers`);
    }
    let params: number;
    try {
      params = analyzeLayer(spec, this.layers.length).params;
    } catch (error) {
      if (error instanceof RangeError) throw new LineProblem(error.message);
      throw error;
    }
    this.layers.push(spec);
    this.layerParams += params;
  }

  /** Counts `count` parameters of one module, as PyTorch does. */
  addParams(count: number): void {
    if (!Number.isSafeInteger(count) || count < 0 || count > MAX_MODULE_PARAMS) {
      throw new LineProblem(`more than ${MAX_MODULE_PARAMS} parameters in one module`);
    }
    this.params += count;
  }

  /** Records a convention applied (once each). */
  note(text: string): void {
    if (this.noteSet.size < MAX_NOTES) this.noteSet.add(text);
  }

  /** The notes, in the order first made. */
  notes(): string[] {
    const notes = [...this.noteSet];
    if (notes.length === MAX_NOTES) notes.push(`(notes stop at ${MAX_NOTES})`);
    return notes;
  }

  /** Records `node`'s line as unused (the first reason given for a line is kept). */
  unused(node: ModuleNode, reason: string): void {
    if (!this.unusedByLine.has(node.line)) {
      this.unusedByLine.set(node.line, { line: node.line, text: node.text, reason });
    }
  }

  /** Records `node` and every line under it as unused. */
  unusedSubtree(node: ModuleNode, reason: string): void {
    const pending = [node];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      this.unused(next, next === node ? reason : `inside line ${node.line}: ${reason}`);
      pending.push(...next.children);
    }
  }

  /** The unused lines recorded by the walk, by line. */
  unusedLines(): UnusedLine[] {
    return [...this.unusedByLine.values()];
  }

  /**
   * Runs `handler` for `node`; when it raises a LineProblem, its layers and parameters are
   * rolled back, `node`'s lines are unused, and the stream reaching it goes on unchanged.
   */
  attempt(node: ModuleNode, stream: Stream, handler: () => Stream): Stream {
    const layers = this.layers.length;
    const { params, layerParams } = this;
    try {
      return handler();
    } catch (error) {
      if (!(error instanceof LineProblem)) throw error;
      this.layers.length = layers;
      this.params = params;
      this.layerParams = layerParams;
      this.unusedSubtree(node, `${error.message}; not modelled, its input passed on unchanged`);
      return stream;
    }
  }

  /**
   * In training, a softmax cross-entropy named `name` over the outputs of the last layer when
   * it is a linear classifier (its rows and classes). Returns whether it added one.
   */
  lossAfterLastLinear(name: string): boolean {
    const last = this.layers[this.layers.length - 1];
    if (!this.input.training || last === undefined || last.type !== 'linear') return false;
    const rows = last.tokens ?? 1;
    const classes = last.outFeatures;
    this.emit({
      type: 'softmax-cross-entropy',
      name,
      classes,
      ...(rows > 1 ? { tokens: rows } : {}),
    });
    return true;
  }

  /** Marks each child of `node` not in `placed` unused: the handler did not place it. */
  unplaced(node: ModuleNode, placed: ReadonlySet<ModuleNode>): void {
    for (const child of node.children) {
      if (!placed.has(child)) {
        this.unusedSubtree(child, `${node.type} has no place for this module in its known order`);
      }
    }
  }
}

/** `name` under `path`: `encoder.layer.0`. */
export function joinPath(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}
