/**
 * What an autotune tries, as `@triton.autotune(configs=[...], key=[...])` declares it: a list of
 * configs (the kernel's constexpr block sizes and `num_warps`), the size it tunes at, and the
 * key (the size arguments whose values Triton caches the winner under). Declared for the puzzles
 * a lesson tunes; any other puzzle tries its own block sizes with 1, 2, 4 and 8 warps. Pure.
 */
import type { TritonPuzzle, TritonSizes } from '../../triton/puzzles/index';
import { timingSize } from '../../triton-page/timing';

/** One config: `triton.Config({'BLOCK_M': 32, ...}, num_warps=4)`. */
export interface AutotuneConfig {
  /** The constexpr block sizes, passed by keyword. */
  constexprs: Readonly<Record<string, number>>;
  /** Warps per program; a program runs on `numWarps × 32` threads. */
  numWarps: number;
}

/** Threads in a warp (NVIDIA's 32; the WGSL back end's workgroup is `num_warps × 32`). */
export const THREADS_PER_WARP = 32;

/** The workgroup size the WGSL back end runs a config's program on: `num_warps × 32`. */
export function workgroupSizeOf(config: AutotuneConfig): number {
  return config.numWarps * THREADS_PER_WARP;
}

/** A config as Triton's own repr writes it: `BLOCK_M: 32, BLOCK_N: 32, num_warps: 4`. */
export function configText(config: AutotuneConfig): string {
  const blocks = Object.entries(config.constexprs).map(([k, v]) => `${k}: ${v}`);
  return [...blocks, `num_warps: ${config.numWarps}`].join(', ');
}

/** What a lesson tunes for one puzzle. */
export interface AutotunePlan {
  configs: readonly AutotuneConfig[];
  /** The size every config is checked and timed at. */
  size: TritonSizes;
  /** Whether the configs are declared for this puzzle (else its own block sizes × warps). */
  declared: boolean;
}

const config = (numWarps: number, constexprs: Record<string, number>): AutotuneConfig => ({
  constexprs,
  numWarps,
});

/**
 * The declared plans. Every tl.dot tile is at least 16 (Triton's minimum); every config fits
 * WebGPU's default 16 KiB of workgroup memory and 256 invocations per workgroup.
 */
export const AUTOTUNE_PLANS: Readonly<Record<string, Omit<AutotunePlan, 'declared'>>> = {
  'tiled-matmul': {
    size: { m: 128, n: 128, k: 128 },
    configs: [
      config(1, { BLOCK_M: 16, BLOCK_N: 16, BLOCK_K: 16 }),
      config(4, { BLOCK_M: 16, BLOCK_N: 16, BLOCK_K: 16 }),
      config(4, { BLOCK_M: 32, BLOCK_N: 32, BLOCK_K: 16 }),
      config(4, { BLOCK_M: 32, BLOCK_N: 32, BLOCK_K: 32 }),
      config(8, { BLOCK_M: 64, BLOCK_N: 32, BLOCK_K: 16 }),
      config(8, { BLOCK_M: 64, BLOCK_N: 64, BLOCK_K: 16 }),
    ],
  },
  'vector-add': {
    size: { n: 262_144 },
    configs: [
      config(1, { BLOCK_SIZE: 128 }),
      config(4, { BLOCK_SIZE: 128 }),
      config(4, { BLOCK_SIZE: 256 }),
      config(4, { BLOCK_SIZE: 512 }),
      config(4, { BLOCK_SIZE: 1024 }),
      config(8, { BLOCK_SIZE: 1024 }),
    ],
  },
  'fused-softmax': {
    size: { rows: 1024, cols: 64 },
    configs: [
      config(1, { BLOCK_SIZE: 64 }),
      config(2, { BLOCK_SIZE: 64 }),
      config(4, { BLOCK_SIZE: 64 }),
      config(4, { BLOCK_SIZE: 128 }),
    ],
  },
};

/** Warps tried for a puzzle without a declared plan. */
export const DEFAULT_WARPS = [1, 2, 4, 8] as const;

/** What an autotune of `puzzle` tries: its declared plan, or its own block sizes × warps. */
export function autotunePlan(puzzle: TritonPuzzle): AutotunePlan {
  const declared = Object.hasOwn(AUTOTUNE_PLANS, puzzle.id) ? AUTOTUNE_PLANS[puzzle.id] : undefined;
  if (declared) return { ...declared, declared: true };
  return {
    size: timingSize(puzzle),
    configs: DEFAULT_WARPS.map((w) => config(w, { ...puzzle.launch.constexprs })),
    declared: false,
  };
}

/** Triton's autotune key: the size arguments' names and their values at a size. */
export interface AutotuneKey {
  /** The kernel's argument names (`M`, `N`, `K`). */
  names: readonly string[];
  values: readonly number[];
}

/**
 * The key Triton would cache a winner under: the kernel's int arguments that are the puzzle's
 * sizes (`M` is the size `m`, `n_cols` is `cols`), in the order the kernel takes them.
 */
export function autotuneKey(puzzle: TritonPuzzle, size: TritonSizes): AutotuneKey {
  const names: string[] = [];
  const values: number[] = [];
  for (const arg of puzzle.launch.args) {
    if (arg.kind !== 'int') continue;
    const field = Object.keys(size).find((s) => s.toLowerCase() === arg.shape.toLowerCase());
    if (field === undefined) continue;
    names.push(arg.name);
    values.push(size[field] as number);
  }
  return { names, values };
}

/** A Python tuple of some items: `(M, N, K)`, `(n_elements,)`. */
export function pythonTuple(items: readonly (string | number)[]): string {
  return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
}

/** The plan as the decorator a Triton user would write above the kernel. */
export function autotuneDecorator(puzzle: TritonPuzzle, plan: AutotunePlan): string {
  const configs = plan.configs.map((c) => {
    const blocks = Object.entries(c.constexprs)
      .map(([k, v]) => `'${k}': ${v}`)
      .join(', ');
    return `        triton.Config({${blocks}}, num_warps=${c.numWarps}),`;
  });
  const key = autotuneKey(puzzle, plan.size)
    .names.map((n) => `'${n}'`)
    .join(', ');
  return [
    '@triton.autotune(',
    '    configs=[',
    ...configs,
    '    ],',
    `    key=[${key}],`,
    ')',
  ].join('\n');
}
