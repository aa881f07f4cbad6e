/**
 * A small reader of the WGSL declarations the runtime and the kernels' TypeScript must agree on:
 * module-scope `override` and `const` values, the group-0 buffer bindings, entry points, and
 * which bindings and overrides each entry point uses (through the functions it calls). It reads
 * this project's kernels, not arbitrary WGSL: declarations are one per line.
 */
import type { BindingKind } from '../kernel-source';

/** One `@group(0) @binding(n) var<...> name: type;` declaration. */
export interface WgslBinding {
  binding: number;
  name: string;
  kind: BindingKind;
  type: string;
}

/** What a WGSL module declares. */
export interface WgslDeclarations {
  /** `override NAME: T = value;` defaults (null when it has no default). */
  overrides: Map<string, number | null>;
  /** `const NAME: T = value;` values (numbers only). */
  consts: Map<string, number>;
  bindings: WgslBinding[];
  /** Entry point name → the binding numbers and override names it uses, transitively. */
  entryPoints: Map<string, { bindings: number[]; overrides: string[] }>;
}

/** A WGSL integer or float literal ("256u", "16", "0.5") as a number, or null. */
function literal(text: string): number | null {
  const match = /^([-+]?\d+(?:\.\d+)?)[uif]?$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/** The text of function `name`'s body, from its `{` to the matching `}`. */
function functionBody(source: string, name: string): string {
  const start = new RegExp(`\\bfn\\s+${name}\\s*\\(`).exec(source);
  if (!start) return '';
  const open = source.indexOf('{', start.index);
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') depth++;
    if (source[i] === '}' && --depth === 0) return source.slice(start.index, i + 1);
  }
  return source.slice(start.index);
}

/** Whether `word` appears in `text` as a whole identifier (not a member such as `.x`). */
function mentions(text: string, word: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9_.])${word}(?![A-Za-z0-9_])`).test(text);
}

/** Reads the declarations of a WGSL module (comments removed first). */
export function readWgslDeclarations(wgsl: string): WgslDeclarations {
  const source = wgsl.replace(/\/\/[^\n]*/g, '');
  const overrides = new Map<string, number | null>();
  for (const m of source.matchAll(/\boverride\s+(\w+)\s*:\s*\w+\s*(?:=\s*([^;]+))?;/g)) {
    overrides.set(m[1]!, m[2] === undefined ? null : literal(m[2]));
  }
  const consts = new Map<string, number>();
  for (const m of source.matchAll(/\bconst\s+(\w+)\s*:\s*\w+\s*=\s*([^;]+);/g)) {
    const value = literal(m[2]!);
    if (value !== null) consts.set(m[1]!, value);
  }
  const bindings: WgslBinding[] = [];
  const bindingPattern = /@group\(0\)\s*@binding\((\d+)\)\s*var<([^>]+)>\s*(\w+)\s*:\s*([^;]+);/g;
  for (const m of source.matchAll(bindingPattern)) {
    const space = m[2]!.replace(/\s/g, '');
    const kind: BindingKind =
      space === 'uniform'
        ? 'uniform'
        : space === 'storage,read_write'
          ? 'storage'
          : 'read-only-storage';
    bindings.push({ binding: Number(m[1]), name: m[3]!, kind, type: m[4]!.trim() });
  }
  const functions = [...source.matchAll(/\bfn\s+(\w+)\s*\(/g)].map((m) => m[1]!);
  // Module-scope workgroup variables whose type names an override (array<f32, WORKGROUP_SIZE>).
  const workgroupVars = [...source.matchAll(/var<workgroup>\s+(\w+)\s*:\s*([^;]+);/g)];
  const entryPoints = new Map<string, { bindings: number[]; overrides: string[] }>();
  for (const m of source.matchAll(/@compute\s+@workgroup_size\(([^)]*)\)\s*fn\s+(\w+)/g)) {
    const name = m[2]!;
    const seen = new Set<string>([name]);
    let text = `${m[1]!} ${functionBody(source, name)}`;
    for (let grew = true; grew;) {
      grew = false;
      for (const fn of functions) {
        if (!seen.has(fn) && mentions(text, fn)) {
          seen.add(fn);
          text += ` ${functionBody(source, fn)}`;
          grew = true;
        }
      }
    }
    for (const [, variable, type] of workgroupVars)
      if (mentions(text, variable!)) text += ` ${type!}`;
    entryPoints.set(name, {
      bindings: bindings.filter((b) => mentions(text, b.name)).map((b) => b.binding),
      overrides: [...overrides.keys()].filter((o) => mentions(text, o)),
    });
  }
  return { overrides, consts, bindings, entryPoints };
}
