/**
 * The arguments of a printed module, `3, 64, kernel_size=(7, 7), bias=False`, as positional and
 * keyword values (numbers, True/False/None, quoted or bare strings, tuples), and checked reads
 * of them: a whole number in a range, a square window, a flag, a shape's product. Every problem
 * is a `LineProblem` naming the argument, so the line becomes unused and the walk goes on.
 */
import { FIELD_RANGES } from '../parse-network';
import { scanOutsideQuotes } from './brackets';
import { LineProblem, type ModuleNode } from './types';

/** One printed value. */
export type ArgValue = number | boolean | null | string | ArgValue[];

/** The most arguments a module line may carry. */
const MAX_ARGS = 64;
/** The deepest tuple nesting read. */
const MAX_TUPLE_DEPTH = 4;
const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const KEYWORD = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([\s\S]*)$/;

/** Splits `text` at its top-level commas (outside brackets and quotes); parts trimmed. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  scanOutsideQuotes(text, 0, (i, c, depth) => {
    if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
    return false;
  });
  parts.push(text.slice(start).trim());
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** One value as printed. */
function parseValue(text: string, depth: number): ArgValue {
  const first = text[0];
  const last = text[text.length - 1];
  if ((first === '(' && last === ')') || (first === '[' && last === ']')) {
    if (depth >= MAX_TUPLE_DEPTH) throw new LineProblem('a tuple is nested too deeply');
    return splitTopLevel(text.slice(1, -1)).map((part) => parseValue(part, depth + 1));
  }
  if (text.length >= 2 && (first === "'" || first === '"') && last === first) {
    return text.slice(1, -1);
  }
  if (text === 'True') return true;
  if (text === 'False') return false;
  if (text === 'None') return null;
  if (NUMBER.test(text)) return Number(text);
  return text;
}

/** A short description of a value for a message. */
function shown(value: ArgValue | undefined): string {
  if (value === undefined) return 'nothing';
  const text = Array.isArray(value) ? `(${value.map(shown).join(', ')})` : String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** Inclusive ranges of the sizes read from a repr (the JSON input's, `FIELD_RANGES`). */
export const ARG_RANGES = {
  ...FIELD_RANGES,
  /** Stacked recurrent layers. */
  layers: [1, 256] as [number, number],
  /** Convolution groups and dilation. */
  groups: [1, 2 ** 24] as [number, number],
};

/** The kind of range an argument is checked against. */
export type ArgRange = keyof typeof ARG_RANGES;

/** Checked reads of one module's printed arguments. */
export class ModuleArgs {
  readonly positional: ArgValue[];
  readonly keyword: Map<string, ArgValue>;

  constructor(text: string) {
    this.positional = [];
    this.keyword = new Map();
    const parts = splitTopLevel(text);
    if (parts.length > MAX_ARGS) throw new LineProblem(`more than ${MAX_ARGS} arguments`);
    for (const part of parts) {
      if (part === '') throw new LineProblem('an empty argument');
      const match = KEYWORD.exec(part);
      if (match) this.keyword.set(match[1] ?? '', parseValue((match[2] ?? '').trim(), 0));
      else this.positional.push(parseValue(part, 0));
    }
  }

  /** The value of `key`, or of position `position` when not given by keyword. */
  raw(key: string, position?: number): ArgValue | undefined {
    if (this.keyword.has(key)) return this.keyword.get(key);
    return position === undefined ? undefined : this.positional[position];
  }

  /** A whole number in `range`; `fallback` when absent, else an error. */
  int(key: string, position: number | undefined, range: ArgRange, fallback?: number): number {
    const value = this.raw(key, position);
    if (value === undefined && fallback !== undefined) return fallback;
    return checkedInt(key, value, range);
  }

  /** A whole number or a tuple of whole numbers (kernel sizes, strides): [height, width]. */
  pair(
    key: string,
    position: number | undefined,
    range: ArgRange,
    fallback?: number,
  ): [number, number] {
    const value = this.raw(key, position);
    if (value === undefined && fallback !== undefined) return [fallback, fallback];
    if (Array.isArray(value)) {
      const [a, b] = value;
      if (value.length === 1) {
        const n = checkedInt(key, a, range);
        return [n, n];
      }
      if (value.length === 2) return [checkedInt(key, a, range), checkedInt(key, b, range)];
      throw new LineProblem(`${key} must be one or two whole numbers, got ${shown(value)}`);
    }
    const n = checkedInt(key, value, range);
    return [n, n];
  }

  /** The product of a shape (`(768,)` or `768`), each entry a dimension. */
  shapeProduct(key: string, position: number): number {
    const value = this.raw(key, position);
    const entries = Array.isArray(value) ? value : [value];
    if (entries.length === 0 || entries.length > 4) {
      throw new LineProblem(`${key} must have one to four sizes, got ${shown(value)}`);
    }
    const product = entries.reduce<number>((p, v) => p * checkedInt(key, v, 'dimension'), 1);
    const [, high] = ARG_RANGES.elements;
    if (product > high) throw new LineProblem(`${key} has more than ${high} elements`);
    return product;
  }

  /** True or False by keyword; `fallback` when absent. */
  flag(key: string, fallback: boolean): boolean {
    const value = this.keyword.get(key);
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') {
      throw new LineProblem(`${key} must be True or False, got ${shown(value)}`);
    }
    return value;
  }

  /** A number (a probability, say) by keyword or position; `fallback` when absent. */
  number(key: string, position: number | undefined, fallback: number): number {
    const value = this.raw(key, position);
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new LineProblem(`${key} must be a number, got ${shown(value)}`);
    }
    return value;
  }
}

/** `value` as a whole number in `range`, or a LineProblem naming `key`. */
function checkedInt(key: string, value: ArgValue | undefined, range: ArgRange): number {
  const [low, high] = ARG_RANGES[range];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < low || value > high) {
    const missing = value === undefined ? 'is missing' : `is ${shown(value)}`;
    throw new LineProblem(`${key} ${missing}: it must be a whole number from ${low} to ${high}`);
  }
  return value;
}

/** The checked arguments of `node`. */
export function argsOf(node: ModuleNode): ModuleArgs {
  return new ModuleArgs(node.args);
}
