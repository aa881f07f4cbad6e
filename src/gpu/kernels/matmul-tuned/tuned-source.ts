/**
 * The tuned matmul's WGSL, written out for one tile variant. Pure.
 *
 * Why generated: the first version was one module whose tile sizes were override constants, with
 * the accumulators and staged values in arrays indexed inside loops. WebGPU clamps every such
 * index (robust buffer access), and on the NVIDIA Vulkan driver the arrays then lived in local
 * memory: on an H200 every variant ran at 0.2-0.4 TFLOP/s, against 7 TFLOP/s for the
 * register-blocked kernel with the very same 128 × 128 tile written out by hand
 * (docs/device-runs.md, 2026-11-27). So each variant is now written out like that kernel: one
 * named `vec4f` per accumulator, per staged row and per load, with no array in function memory.
 * Only `EXACT` stays an override, since it only removes branches.
 */
import { tileThreads, type MatmulTile } from './matmul-tuned';

/** `0u, 1u, …` for `count` values. */
function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}

/** The row of the block that an invocation's r-th owned row is, as WGSL (uses `ty`). */
function ownedRow(r: number, threadsY: number): string {
  const group = Math.floor(r / 4) * 4 * threadsY;
  return `${group === 0 ? '' : `${group}u + `}ty * 4u + ${r % 4}u`;
}

/** The vec4 column of the block that an invocation's h-th column group is (uses `tx`). */
function ownedColumn(h: number, threadsX: number): string {
  return h === 0 ? 'tx' : `${h * threadsX}u + tx`;
}

/** The header every variant carries: what the kernel does and how the work is laid out. */
const HEADER = `// Tuned register-blocked matrix product C = A·B (A is m×k, B is k×n, C is m×n; f32): the fourth
// step of the lab, after the naive, tiled and register-blocked kernels. It is the register-blocked
// kernel with its tile chosen per adapter by a sweep; this text is generated for one tile
// (tuned-source.ts), with every per-invocation value in its own named variable.
//
// - A workgroup computes a TILE_M × TILE_N block of C; each invocation keeps MICRO_M × MICRO_N
//   outputs in registers (acc_<row>_<column group>).
// - Each k-step stages TILE_K values of A and B in workgroup memory as vec4s: a_tile holds
//   TILE_M rows × TILE_K values (k contiguous), b_tile TILE_K rows × TILE_N values.
// - Invocation (tx, ty) owns rows g·(4·threads_y) + 4·ty + {0..3} and vec4 columns
//   h·threads_x + tx: neighbouring invocations read neighbouring vec4s of the B tile, and
//   invocations sharing ty read the same A vec4 (a broadcast).
// - The next k-step's vec4s are fetched into registers before the current step's arithmetic.
// - EXACT = 1 promises that m, n and k are whole tiles (the host sets it only then): every
//   bounds check folds away. Otherwise values past the matrices load as zero and outputs past
//   them are not written, so any m, n, k >= 1 work.
//
// The host pads rows of A and B to whole vec4s. The runtime declares the buffers (dims; a and b
// as vec4s, c as f32) and adds the shape struct the f32 matmuls share below.
`;

/** The loaders and the store, the same for every variant. */
const HELPERS = `override EXACT: u32 = 0u;

var<workgroup> a_tile: array<vec4f, TILE_M * TILE_K / 4u>;
var<workgroup> b_tile: array<vec4f, TILE_K * TILE_N / 4u>;

// The vec4 of A staged in \`slot\` for k-step \`k_step\`: row slot / (TILE_K / 4) of the block.
fn tuned_load_a(block_row: u32, k_step: u32, slot: u32) -> vec4f {
  let quads_per_tile_row = TILE_K / 4u;
  let row = block_row + slot / quads_per_tile_row;
  let quad = k_step * quads_per_tile_row + slot % quads_per_tile_row;
  let quads_per_row = (dims.k + 3u) / 4u;
  if (EXACT == 1u || (row < dims.m && quad < quads_per_row)) {
    return a[row * quads_per_row + quad];
  }
  return vec4f(0.0);
}

// The vec4 of B staged in \`slot\`: row slot / (TILE_N / 4) of the k-step.
fn tuned_load_b(block_col: u32, k_step: u32, slot: u32) -> vec4f {
  let quads_per_tile_row = TILE_N / 4u;
  let row = k_step * TILE_K + slot / quads_per_tile_row;
  let quad = block_col / 4u + slot % quads_per_tile_row;
  let quads_per_row = (dims.n + 3u) / 4u;
  if (EXACT == 1u || (row < dims.k && quad < quads_per_row)) {
    return b[row * quads_per_row + quad];
  }
  return vec4f(0.0);
}

// Writes four outputs of one row, leaving out those past the matrix unless EXACT.
fn tuned_store(row: u32, col: u32, value: vec4f) {
  if (EXACT == 0u && row >= dims.m) {
    return;
  }
  for (var j = 0u; j < 4u; j = j + 1u) {
    if (EXACT == 1u || col + j < dims.n) {
      c[row * dims.n + col + j] = value[j];
    }
  }
}
`;

/** The WGSL of the tuned matmul for `tile` (valid tiles only: see `tileProblem`). */
export function tunedMatmulWgsl(tile: MatmulTile): string {
  const { x: threadsX, y: threadsY } = tileThreads(tile);
  const threads = threadsX * threadsY;
  const rows = range(tile.microM);
  const cols = range(tile.microN / 4);
  const aLoads = range((tile.tileM * tile.tileK) / 4 / threads);
  const bLoads = range((tile.tileK * tile.tileN) / 4 / threads);
  const slotOf = (i: number): string => (i === 0 ? 'slot' : `slot + ${i * threads}u`);
  const each = <T>(items: readonly T[], line: (item: T) => string, indent: string): string =>
    items.map((item) => `${indent}${line(item)}`).join('\n');
  const accs = rows.flatMap((r) => cols.map((h) => [r, h] as const));

  return `${HEADER}
const TILE_M: u32 = ${tile.tileM}u;
const TILE_N: u32 = ${tile.tileN}u;
const TILE_K: u32 = ${tile.tileK}u;

${HELPERS}
@compute @workgroup_size(${threadsX}, ${threadsY})
fn matmul_tuned(
  @builtin(workgroup_id) group: vec3u,
  @builtin(local_invocation_id) local: vec3u,
) {
  let tx = local.x;
  let ty = local.y;
  let slot = ty * ${threadsX}u + tx;
  let block_row = group.y * TILE_M;
  let block_col = group.x * TILE_N;

${each(accs, ([r, h]) => `var acc_${r}_${h} = vec4f(0.0);`, '  ')}

  // Every invocation runs every k-step (no early return): barriers need the whole workgroup.
  let k_steps = (dims.k + TILE_K - 1u) / TILE_K;
${each(aLoads, (i) => `var next_a_${i} = tuned_load_a(block_row, 0u, ${slotOf(i)});`, '  ')}
${each(bLoads, (i) => `var next_b_${i} = tuned_load_b(block_col, 0u, ${slotOf(i)});`, '  ')}
  for (var k_step = 0u; k_step < k_steps; k_step = k_step + 1u) {
${each(aLoads, (i) => `a_tile[${slotOf(i)}] = next_a_${i};`, '    ')}
${each(bLoads, (i) => `b_tile[${slotOf(i)}] = next_b_${i};`, '    ')}
    workgroupBarrier();
    if (k_step + 1u < k_steps) {
${each(aLoads, (i) => `next_a_${i} = tuned_load_a(block_row, k_step + 1u, ${slotOf(i)});`, '      ')}
${each(bLoads, (i) => `next_b_${i} = tuned_load_b(block_col, k_step + 1u, ${slotOf(i)});`, '      ')}
    }
    for (var quad_step = 0u; quad_step < TILE_K / 4u; quad_step = quad_step + 1u) {
      // Four k values of each row this invocation owns.
${each(rows, (r) => `let a_${r} = a_tile[(${ownedRow(r, threadsY)}) * (TILE_K / 4u) + quad_step];`, '      ')}
      for (var s = 0u; s < 4u; s = s + 1u) {
        let kk = quad_step * 4u + s;
${each(cols, (h) => `let b_${h} = b_tile[kk * (TILE_N / 4u) + ${ownedColumn(h, threadsX)}];`, '        ')}
${each(accs, ([r, h]) => `acc_${r}_${h} = fma(vec4f(a_${r}[s]), b_${h}, acc_${r}_${h});`, '        ')}
      }
    }
    workgroupBarrier();
  }

${each(
  accs,
  ([r, h]) =>
    `tuned_store(block_row + ${ownedRow(r, threadsY)}, block_col + (${ownedColumn(h, threadsX)}) * 4u, acc_${r}_${h});`,
  '  ',
)}
}
`;
}
