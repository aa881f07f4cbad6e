/**
 * How deeply the containers a pickle builds sit inside one another, kept as they are built so
 * a file nesting deeper than the limit is refused at once (and nothing walks a deep or
 * self-referencing structure later). Pure.
 */
import { isDict, isList, type PyDict, type PyValue } from './values';

/** Whether a value is a container (its nesting depth counts). */
function isContainer(value: PyValue): value is PyValue[] | PyDict {
  return isList(value) || isDict(value);
}

/**
 * Where a container's depth is kept: a symbol-keyed property on the container itself, invisible
 * to Map iteration, Object.keys and JSON, and several times cheaper than a WeakMap entry per
 * container (a large snapshot builds millions of them).
 */
const DEPTH = Symbol('pickle nesting depth');

type Tracked = { [DEPTH]?: number };

/** The nesting depth of every container built (1 for one holding no container). */
export class NestingDepths {
  /** `onTooDeep` builds the error thrown when a depth would pass `maxDepth`. */
  constructor(
    private readonly maxDepth: number,
    private readonly onTooDeep: (maxDepth: number) => Error,
  ) {}

  /** Records a new container holding `items`; returns it. */
  container<T extends PyValue[] | PyDict>(value: T, items: readonly PyValue[]): T {
    for (const item of items) this.adopt(value, item);
    return value;
  }

  /** Notes that `child` now sits inside `parent`. */
  adopt(parent: PyValue[] | PyDict, child: PyValue): void {
    // A scalar adds no depth, and most values are scalars: answer those without a lookup.
    if (!isContainer(child)) return;
    const depth = this.depthOf(child) + 1;
    if (depth > this.depthOf(parent)) this.set(parent, depth);
  }

  /** A container's depth; one never recorded holds no container, so it is 1. */
  private depthOf(value: PyValue[] | PyDict): number {
    return (value as Tracked)[DEPTH] ?? 1;
  }

  private set(value: PyValue[] | PyDict, depth: number): void {
    if (depth > this.maxDepth) throw this.onTooDeep(this.maxDepth);
    (value as Tracked)[DEPTH] = depth;
  }
}
