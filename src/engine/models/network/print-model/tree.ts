/**
 * The text of a `print(model)` as a module tree, by its parentheses (indentation is not
 * trusted). PyTorch prints a module as `Type(args)` on one line, or `Type(` with one child per
 * line, `(name): Type(...)`, and a closing `)`; `nn.ModuleList` folds identical neighbours into
 * `(0-11): 12 x Type(...)`; children written on their parent's line, `Net((fc1): Linear(…)
 * (relu): ReLU())`, are read as if each had a line of its own. The first line of the form `Type(` or `Type(args)` with a capital
 * (a class name) is the root; every other line that does not fit is returned as unused with
 * why: text before or after the model, a line that closes nothing, a name that is not a
 * Python identifier or index, arguments left open, nesting deeper than `MAX_DEPTH`, and the
 * whole subtree under an opening line that could not be read. The work is one pass over the
 * lines; the caller bounds their number and length.
 */
import { scanOutsideQuotes } from './brackets';
import type { ModuleNode, UnusedLine } from './types';

/** The deepest nesting read; deeper modules are unused lines. */
export const MAX_DEPTH = 48;
/** The longest line read, in characters; longer lines are unused. */
export const MAX_LINE_CHARS = 4000;
/** The longest text kept of a line (for `unused` and for the node). */
const SHOWN_CHARS = 200;

/** The tree of a printed model and the lines that were not part of it. */
export interface ModuleTree {
  root: ModuleNode | null;
  unused: UnusedLine[];
  /** Opening lines whose closing parenthesis never came. */
  unclosed: number;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const RANGE = /^(\d{1,6})-(\d{1,6})$/;
const TYPE_OPEN = /^([A-Za-z_][A-Za-z0-9_]{0,99})\((.*)$/s;
const REPEAT = /^(\d{1,6}) x (.*)$/s;

/** A line as shown: trimmed and capped. */
export function shownLine(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > SHOWN_CHARS ? `${trimmed.slice(0, SHOWN_CHARS - 1)}…` : trimmed;
}

/**
 * Where the parenthesis opened before `text` closes (depth 1 at the start), skipping quoted
 * strings: the index of that `)`, or -1 when it stays open.
 */
export function closingParen(text: string): number {
  return scanOutsideQuotes(text, 1, (_i, _c, depth) => depth === 0);
}

/** A module line read: its node, and whether children follow. Or why it is not one. */
type ReadLine = { node: ModuleNode; opens: boolean } | { problem: string };

/** Arguments that are child modules, `(fc1): Linear(…) (relu): ReLU()`, not values. */
const INLINE_CHILD = /^\(\s*[A-Za-z0-9_-]{1,64}\):\s*(\d{1,6} x )?[A-Za-z_][A-Za-z0-9_]*\(/;

/**
 * The children of a module written on its own line, `Net((fc1): Linear(784, 128) (relu): ReLU())`
 * (a repr typed by hand or with its line breaks lost), each read as if on a line of its own (all
 * with this line's number), or why they cannot be.
 */
function inlineChildren(args: string, line: number, depth: number): ModuleNode[] | string {
  if (depth >= MAX_DEPTH) return `nested deeper than ${MAX_DEPTH} modules`;
  const children: ModuleNode[] = [];
  let rest = args.trim();
  while (rest !== '') {
    const named = rest.indexOf('):');
    const open = named < 0 ? -1 : rest.indexOf('(', named + 2);
    const end = open < 0 ? -1 : closingParen(rest.slice(open + 1));
    if (!INLINE_CHILD.test(rest) || end < 0) {
      return `not a module: expected "(name): Type(...)" at "${shownLine(rest).slice(0, 40)}"`;
    }
    const entry = rest.slice(0, open + end + 2);
    const read = readModuleLine(entry, line, true, depth + 1);
    if ('problem' in read) return `${read.problem} at "${shownLine(entry).slice(0, 40)}"`;
    if (read.opens) return `its children are not closed on this line`;
    children.push(read.node);
    rest = rest.slice(entry.length).replace(/^[\s,]+/, '');
  }
  return children;
}

/**
 * Reads `Type(args)` or `Type(` after an optional `(name): ` and `N x `; args that are child
 * modules printed on the same line become its children (`depth`: how deep in one line).
 */
function readModuleLine(trimmed: string, line: number, named: boolean, depth = 0): ReadLine {
  let rest = trimmed;
  let name = '';
  let repeat = 1;
  let firstIndex = 0;
  if (named) {
    const close = rest.indexOf('):');
    if (close < 0) return { problem: 'not a module line: expected "(name): Type(...)"' };
    name = rest.slice(1, close);
    rest = rest.slice(close + 2).trimStart();
    if (!NAME.test(name)) {
      return { problem: 'the module name is not a Python identifier or index' };
    }
    const range = RANGE.exec(name);
    const copies = REPEAT.exec(rest);
    if (range && copies) {
      const [from, to, count] = [Number(range[1]), Number(range[2]), Number(copies[1])];
      if (to < from || count !== to - from + 1) {
        return { problem: `the repeat ${name} does not hold ${count} copies` };
      }
      repeat = count;
      firstIndex = from;
      rest = copies[2] ?? '';
    } else if (range || copies) {
      return { problem: 'a repeat needs both a range "(0-11)" and a count "12 x"' };
    }
  }
  const open = TYPE_OPEN.exec(rest);
  if (!open) return { problem: 'not a module line: expected "Type(...)"' };
  const type = open[1] ?? '';
  const after = open[2] ?? '';
  if (!named && !/^[A-Z_]/.test(type)) {
    return { problem: 'not a module line: a class name starts with a capital' };
  }
  const node: ModuleNode = {
    name,
    type,
    args: '',
    children: [],
    line,
    text: shownLine(trimmed),
    repeat,
    firstIndex,
  };
  if (after === '') return { node, opens: true };
  const end = closingParen(after);
  if (end < 0) return { problem: 'its arguments are not closed on this line' };
  if (end !== after.length - 1) return { problem: 'text follows the closing parenthesis' };
  const args = after.slice(0, end);
  if (INLINE_CHILD.test(args.trim())) {
    const children = inlineChildren(args, line, depth);
    if (typeof children === 'string') return { problem: children };
    node.children = children;
    return { node, opens: false };
  }
  node.args = args;
  return { node, opens: false };
}

/** An open module on the stack, or a subtree being skipped (null) under a line not read. */
interface Open {
  node: ModuleNode | null;
  line: number;
}

/** Parses the lines of a printed model into its tree and the lines it could not use. */
export function parseModuleTree(lines: readonly string[]): ModuleTree {
  const unused: UnusedLine[] = [];
  const stack: Open[] = [];
  let root: ModuleNode | null = null;
  let rootClosedAt = 0;
  const reject = (index: number, reason: string) =>
    unused.push({ line: index + 1, text: shownLine(lines[index] ?? ''), reason });
  for (let index = 0; index < lines.length; index += 1) {
    const raw = lines[index] ?? '';
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    const top = stack[stack.length - 1];
    if (raw.length > MAX_LINE_CHARS) {
      reject(index, `the line is longer than ${MAX_LINE_CHARS} characters`);
      continue;
    }
    if (rootClosedAt > 0) {
      reject(index, `after the end of the model (line ${rootClosedAt})`);
      continue;
    }
    if (trimmed === ')') {
      if (top === undefined) {
        reject(index, 'closes no module');
        continue;
      }
      stack.pop();
      if (top.node === null) reject(index, `closes line ${top.line}, which was not read`);
      if (stack.length === 0) rootClosedAt = index + 1;
      continue;
    }
    if (top !== undefined && top.node === null) {
      reject(index, `inside line ${top.line}, which was not read`);
      if (trimmed.endsWith('(')) stack.push({ node: null, line: top.line });
      continue;
    }
    const read = readModuleLine(trimmed, index + 1, trimmed.startsWith('('));
    if ('problem' in read) {
      const inside = top === undefined ? 'before the model: ' : '';
      reject(index, inside + read.problem);
      // An opening line not read: its subtree is skipped up to its closing line.
      if (top !== undefined && trimmed.endsWith('(')) stack.push({ node: null, line: index + 1 });
      continue;
    }
    const { node, opens } = read;
    if (top === undefined) {
      if (node.name !== '') {
        reject(index, 'before the model: a child line outside any module');
        continue;
      }
      root = node;
      if (opens) stack.push({ node, line: index + 1 });
      else rootClosedAt = index + 1;
      continue;
    }
    if (node.name === '') {
      reject(index, 'not a child module line: expected "(name): Type(...)"');
      if (opens) stack.push({ node: null, line: index + 1 });
      continue;
    }
    if (stack.length >= MAX_DEPTH) {
      reject(index, `nested deeper than ${MAX_DEPTH} modules`);
      if (opens) stack.push({ node: null, line: index + 1 });
      continue;
    }
    if (top.node === null) continue;
    top.node.children.push(node);
    if (opens) stack.push({ node, line: index + 1 });
  }
  return { root, unused, unclosed: stack.filter((open) => open.node !== null).length };
}

/** The child of `node` printed as `(name)`, if any. */
export function childNamed(node: ModuleNode, name: string): ModuleNode | undefined {
  return node.children.find((child) => child.name === name);
}

/** The first of `names` that `node` has as a child, if any. */
export function firstChild(node: ModuleNode, names: readonly string[]): ModuleNode | undefined {
  for (const name of names) {
    const child = childNamed(node, name);
    if (child !== undefined) return child;
  }
  return undefined;
}
