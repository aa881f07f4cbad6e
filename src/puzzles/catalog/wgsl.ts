/**
 * The WGSL the puzzles' texts share: the head of the entry point a starter and its solution
 * both open with, and the constructs a puzzle asks the learner's kernel to use.
 */
import type { RequiredConstruct } from '../types';

/** The builtins a puzzle's entry point takes, by the name every puzzle gives them. */
const BUILTINS = {
  gid: 'global_invocation_id',
  lid: 'local_invocation_id',
  wid: 'workgroup_id',
} as const;

/** A builtin a puzzle's `main` takes: `gid`, `lid` or `wid` (each a `vec3<u32>`). */
export type BuiltinName = keyof typeof BUILTINS;

/**
 * The head of a puzzle's entry point, ending in a newline: `@compute @workgroup_size(<size>)`,
 * then `fn main(` taking `builtins`, one a line, and the opening brace. `size` is WGSL
 * (`'1'`, `'WG'`, `'TILE, TILE'`).
 */
export function entryPoint(size: string, ...builtins: readonly BuiltinName[]): string {
  const params = builtins.map((name) => `@builtin(${BUILTINS[name]}) ${name}: vec3<u32>`);
  return `@compute @workgroup_size(${size})\nfn main(${params.join(',\n        ')}) {\n`;
}

/** Asks for a `var<workgroup>` declaration; `message` says what this puzzle wants it for. */
export function needsWorkgroupVar(message: string): RequiredConstruct {
  return { pattern: /var\s*<\s*workgroup\s*>/, message };
}

/** Asks for a `workgroupBarrier()` call; `message` says between what. */
export function needsBarrier(message: string): RequiredConstruct {
  return { pattern: /\bworkgroupBarrier\s*\(/, message };
}

/** The barrier a tile puzzle asks for, between filling its tile and reading it. */
export const TILE_BARRIER: RequiredConstruct = needsBarrier(
  'This puzzle asks for a workgroupBarrier() between filling the tile and reading it.',
);
