// Register-blocked matrix product C = A·B (A is m×k, B is k×n, C is m×n; f32). The third step
// after the naive and the tiled kernels: a 16×16 workgroup computes a 128×128 block of C, so
// every invocation computes 8×8 = 64 outputs and keeps them in registers.
//
// Why it is faster on a real GPU: in the tiled kernel every multiply-add needs two reads of
// workgroup memory. Here, for each step along k, an invocation reads 8 values of A and 8 of B
// (four vec4 loads) and does 64 multiply-adds with them, so workgroup memory stops being the
// limit and the arithmetic units are kept busy.
//
// Layout. A and B arrive with each row padded with zeros to a whole number of vec4s (the host
// does that), so every global load is one aligned vec4. One k-step of TILE_K = 8 stages
//   a_tile: 128 rows × 8 values of A, row-major (two vec4s per row), and
//   b_tile: 8 rows × 128 values of B (32 vec4s per row).
// Invocation (tx, ty) owns rows ty*4 + {0..3} and 64 + ty*4 + {0..3} of the block, and columns
// tx*4 + {0..3} and 64 + tx*4 + {0..3}. Its two B reads per k are vec4s at tx and 16 + tx of a
// tile row: neighbouring invocations read neighbouring vec4s (no bank conflicts), and the 16
// invocations sharing a ty read the same A vec4 (a broadcast).
//
// While one k-step is computed, the next k-step's vec4s are already being fetched into registers,
// so memory latency hides behind the arithmetic. Rows, columns and k past the matrices load as
// zero and outputs past them are not written, so any m, n and k >= 1 work. The runtime declares
// the buffers (dims; a and b as vec4s, c as f32) from the record (index.ts) and adds the shape
// struct the three f32 matmuls share (shared/matmul-dims.wgsl) below.

const TILE_M: u32 = 128u;
const TILE_N: u32 = 128u;
const TILE_K: u32 = 8u;
const THREADS_X: u32 = 16u;
const THREADS_Y: u32 = 16u;

var<workgroup> a_tile: array<vec4f, TILE_M * TILE_K / 4u>;
var<workgroup> b_tile: array<vec4f, TILE_K * TILE_N / 4u>;

// The vec4 of A this invocation stages for k-step `k_step`: row `slot / 2` of the block, the
// (slot % 2)-th group of four k values. Zero outside the matrix.
fn load_a(block_row: u32, k_step: u32, slot: u32) -> vec4f {
  let row = block_row + slot / 2u;
  let quad = k_step * (TILE_K / 4u) + slot % 2u;
  let quads_per_row = (dims.k + 3u) / 4u;
  if (row < dims.m && quad < quads_per_row) {
    return a[row * quads_per_row + quad];
  }
  return vec4f(0.0);
}

// The vec4 of B this invocation stages: row `slot / 32` of the k-step, vec4 column `slot % 32`.
fn load_b(block_col: u32, k_step: u32, slot: u32) -> vec4f {
  let row = k_step * TILE_K + slot / (TILE_N / 4u);
  let quad = block_col / 4u + slot % (TILE_N / 4u);
  let quads_per_row = (dims.n + 3u) / 4u;
  if (row < dims.k && quad < quads_per_row) {
    return b[row * quads_per_row + quad];
  }
  return vec4f(0.0);
}

// Writes four outputs of one row, leaving out those past the matrix.
fn store_row(row: u32, col: u32, value: vec4f) {
  if (row >= dims.m) {
    return;
  }
  for (var j = 0u; j < 4u; j = j + 1u) {
    if (col + j < dims.n) {
      c[row * dims.n + col + j] = value[j];
    }
  }
}

@compute @workgroup_size(THREADS_X, THREADS_Y)
fn matmul_blocked(
  @builtin(workgroup_id) group: vec3u,
  @builtin(local_invocation_id) local: vec3u,
) {
  let tx = local.x;
  let ty = local.y;
  let slot = ty * THREADS_X + tx;
  let block_row = group.y * TILE_M;
  let block_col = group.x * TILE_N;

  // Outputs: acc_lo_i holds row i's four columns tx*4.., acc_hi_i its columns 64 + tx*4..; rows
  // 0-3 are ty*4 + i, rows 4-7 are 64 + ty*4 + (i - 4).
  var acc_lo_0 = vec4f(0.0); var acc_hi_0 = vec4f(0.0);
  var acc_lo_1 = vec4f(0.0); var acc_hi_1 = vec4f(0.0);
  var acc_lo_2 = vec4f(0.0); var acc_hi_2 = vec4f(0.0);
  var acc_lo_3 = vec4f(0.0); var acc_hi_3 = vec4f(0.0);
  var acc_lo_4 = vec4f(0.0); var acc_hi_4 = vec4f(0.0);
  var acc_lo_5 = vec4f(0.0); var acc_hi_5 = vec4f(0.0);
  var acc_lo_6 = vec4f(0.0); var acc_hi_6 = vec4f(0.0);
  var acc_lo_7 = vec4f(0.0); var acc_hi_7 = vec4f(0.0);

  // Every invocation runs every k-step (no early return): barriers need the whole workgroup.
  let k_steps = (dims.k + TILE_K - 1u) / TILE_K;
  var next_a = load_a(block_row, 0u, slot);
  var next_b = load_b(block_col, 0u, slot);
  for (var k_step = 0u; k_step < k_steps; k_step = k_step + 1u) {
    a_tile[slot] = next_a;
    b_tile[slot] = next_b;
    workgroupBarrier();
    if (k_step + 1u < k_steps) {
      next_a = load_a(block_row, k_step + 1u, slot);
      next_b = load_b(block_col, k_step + 1u, slot);
    }
    for (var quad_step = 0u; quad_step < TILE_K / 4u; quad_step = quad_step + 1u) {
      // Four k values of each of this invocation's eight rows.
      let a0 = a_tile[(ty * 4u + 0u) * 2u + quad_step];
      let a1 = a_tile[(ty * 4u + 1u) * 2u + quad_step];
      let a2 = a_tile[(ty * 4u + 2u) * 2u + quad_step];
      let a3 = a_tile[(ty * 4u + 3u) * 2u + quad_step];
      let a4 = a_tile[(64u + ty * 4u + 0u) * 2u + quad_step];
      let a5 = a_tile[(64u + ty * 4u + 1u) * 2u + quad_step];
      let a6 = a_tile[(64u + ty * 4u + 2u) * 2u + quad_step];
      let a7 = a_tile[(64u + ty * 4u + 3u) * 2u + quad_step];
      for (var s = 0u; s < 4u; s = s + 1u) {
        let kk = quad_step * 4u + s;
        let b_lo = b_tile[kk * (TILE_N / 4u) + tx];
        let b_hi = b_tile[kk * (TILE_N / 4u) + 16u + tx];
        acc_lo_0 = fma(vec4f(a0[s]), b_lo, acc_lo_0); acc_hi_0 = fma(vec4f(a0[s]), b_hi, acc_hi_0);
        acc_lo_1 = fma(vec4f(a1[s]), b_lo, acc_lo_1); acc_hi_1 = fma(vec4f(a1[s]), b_hi, acc_hi_1);
        acc_lo_2 = fma(vec4f(a2[s]), b_lo, acc_lo_2); acc_hi_2 = fma(vec4f(a2[s]), b_hi, acc_hi_2);
        acc_lo_3 = fma(vec4f(a3[s]), b_lo, acc_lo_3); acc_hi_3 = fma(vec4f(a3[s]), b_hi, acc_hi_3);
        acc_lo_4 = fma(vec4f(a4[s]), b_lo, acc_lo_4); acc_hi_4 = fma(vec4f(a4[s]), b_hi, acc_hi_4);
        acc_lo_5 = fma(vec4f(a5[s]), b_lo, acc_lo_5); acc_hi_5 = fma(vec4f(a5[s]), b_hi, acc_hi_5);
        acc_lo_6 = fma(vec4f(a6[s]), b_lo, acc_lo_6); acc_hi_6 = fma(vec4f(a6[s]), b_hi, acc_hi_6);
        acc_lo_7 = fma(vec4f(a7[s]), b_lo, acc_lo_7); acc_hi_7 = fma(vec4f(a7[s]), b_hi, acc_hi_7);
      }
    }
    workgroupBarrier();
  }

  let row_lo = block_row + ty * 4u;
  let row_hi = block_row + 64u + ty * 4u;
  let col_lo = block_col + tx * 4u;
  let col_hi = block_col + 64u + tx * 4u;
  store_row(row_lo + 0u, col_lo, acc_lo_0); store_row(row_lo + 0u, col_hi, acc_hi_0);
  store_row(row_lo + 1u, col_lo, acc_lo_1); store_row(row_lo + 1u, col_hi, acc_hi_1);
  store_row(row_lo + 2u, col_lo, acc_lo_2); store_row(row_lo + 2u, col_hi, acc_hi_2);
  store_row(row_lo + 3u, col_lo, acc_lo_3); store_row(row_lo + 3u, col_hi, acc_hi_3);
  store_row(row_hi + 0u, col_lo, acc_lo_4); store_row(row_hi + 0u, col_hi, acc_hi_4);
  store_row(row_hi + 1u, col_lo, acc_lo_5); store_row(row_hi + 1u, col_hi, acc_hi_5);
  store_row(row_hi + 2u, col_lo, acc_lo_6); store_row(row_hi + 2u, col_hi, acc_hi_6);
  store_row(row_hi + 3u, col_lo, acc_lo_7); store_row(row_hi + 3u, col_hi, acc_hi_7);
}
