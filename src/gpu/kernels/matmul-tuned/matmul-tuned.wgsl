// Tuned register-blocked matrix product C = A·B (A is m×k, B is k×n, C is m×n; f32): the fourth
// step of the lab, after the naive, tiled and register-blocked kernels. It is the register-blocked
// kernel with its tile made of override constants, so one module gives a family of variants and a
// sweep picks, per adapter, the one that runs fastest there (matmul-tuned.ts lists them).
//
// - A workgroup computes a TILE_M × TILE_N block of C with (TILE_N / MICRO_N) × (TILE_M / MICRO_M)
//   invocations; each invocation keeps MICRO_M × MICRO_N outputs in registers (accumulators
//   indexed by constants once the driver unrolls the loops, whose bounds are overrides).
// - Each k-step stages TILE_K values of A and B in workgroup memory as vec4s: a_tile holds
//   TILE_M rows × TILE_K values (k contiguous), b_tile TILE_K rows × TILE_N values. An invocation
//   reads one vec4 of A per row it owns and one vec4 of B per column group, and does 16
//   multiply-adds per pair.
// - Invocation (tx, ty) owns rows g·(4·threads_y) + 4·ty + {0..3} and vec4 columns
//   h·threads_x + tx, for each group g < MICRO_M / 4 and h < MICRO_N / 4: neighbouring
//   invocations read neighbouring vec4s of the B tile, and invocations sharing ty read the same
//   A vec4 (a broadcast).
// - The next k-step's vec4s are fetched into registers before the current step's arithmetic.
// - EXACT = 1 promises that m, TILE_M; n, TILE_N; and k, TILE_K divide evenly (the host sets it
//   only then): every bounds check folds away. Otherwise rows, columns and k past the matrices
//   load as zero and outputs past them are not written, so any m, n, k >= 1 work.
//
// The host pads rows of A and B to whole vec4s, as for the register-blocked kernel. The runtime
// declares the buffers (dims; a and b as vec4s, c as f32) from the record (index.ts) and adds the
// shape struct the f32 matmuls share (shared/matmul-dims.wgsl) below.

override TILE_M: u32 = 128u;
override TILE_N: u32 = 128u;
override TILE_K: u32 = 8u;
override MICRO_M: u32 = 8u;
override MICRO_N: u32 = 8u;
override EXACT: u32 = 0u;

// Largest outputs per invocation (MICRO_M x MICRO_N / 4 vec4s) and vec4s staged per matrix and
// invocation that any variant may use: the register arrays are sized by these.
const MAX_ACC_VEC4S: u32 = 16u;
const MAX_ROWS: u32 = 8u;
const MAX_COL_VEC4S: u32 = 2u;
const MAX_LOADS: u32 = 4u;

var<workgroup> a_tile: array<vec4f, TILE_M * TILE_K / 4u>;
var<workgroup> b_tile: array<vec4f, TILE_K * TILE_N / 4u>;

// The vec4 of A staged in `slot` for k-step `k_step`: row slot / (TILE_K / 4) of the block.
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

// The vec4 of B staged in `slot`: row slot / (TILE_N / 4) of the k-step.
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

@compute @workgroup_size(TILE_N / MICRO_N, TILE_M / MICRO_M)
fn matmul_tuned(
  @builtin(workgroup_id) group: vec3u,
  @builtin(local_invocation_id) local: vec3u,
) {
  let threads_x = TILE_N / MICRO_N;
  let threads_y = TILE_M / MICRO_M;
  let threads = threads_x * threads_y;
  let col_vec4s = MICRO_N / 4u;
  let a_loads = TILE_M * TILE_K / 4u / threads;
  let b_loads = TILE_K * TILE_N / 4u / threads;
  let tx = local.x;
  let ty = local.y;
  let slot = ty * threads_x + tx;
  let block_row = group.y * TILE_M;
  let block_col = group.x * TILE_N;

  var acc: array<vec4f, MAX_ACC_VEC4S>;
  var a_regs: array<vec4f, MAX_ROWS>;
  var b_regs: array<vec4f, MAX_COL_VEC4S>;
  var next_a: array<vec4f, MAX_LOADS>;
  var next_b: array<vec4f, MAX_LOADS>;

  // Every invocation runs every k-step (no early return): barriers need the whole workgroup.
  let k_steps = (dims.k + TILE_K - 1u) / TILE_K;
  for (var i = 0u; i < a_loads; i = i + 1u) {
    next_a[i] = tuned_load_a(block_row, 0u, slot + i * threads);
  }
  for (var i = 0u; i < b_loads; i = i + 1u) {
    next_b[i] = tuned_load_b(block_col, 0u, slot + i * threads);
  }
  for (var k_step = 0u; k_step < k_steps; k_step = k_step + 1u) {
    for (var i = 0u; i < a_loads; i = i + 1u) {
      a_tile[slot + i * threads] = next_a[i];
    }
    for (var i = 0u; i < b_loads; i = i + 1u) {
      b_tile[slot + i * threads] = next_b[i];
    }
    workgroupBarrier();
    if (k_step + 1u < k_steps) {
      for (var i = 0u; i < a_loads; i = i + 1u) {
        next_a[i] = tuned_load_a(block_row, k_step + 1u, slot + i * threads);
      }
      for (var i = 0u; i < b_loads; i = i + 1u) {
        next_b[i] = tuned_load_b(block_col, k_step + 1u, slot + i * threads);
      }
    }
    for (var quad_step = 0u; quad_step < TILE_K / 4u; quad_step = quad_step + 1u) {
      // Four k values of each row this invocation owns.
      for (var r = 0u; r < MICRO_M; r = r + 1u) {
        let row = (r / 4u) * (4u * threads_y) + ty * 4u + r % 4u;
        a_regs[r] = a_tile[row * (TILE_K / 4u) + quad_step];
      }
      for (var s = 0u; s < 4u; s = s + 1u) {
        let kk = quad_step * 4u + s;
        for (var h = 0u; h < col_vec4s; h = h + 1u) {
          b_regs[h] = b_tile[kk * (TILE_N / 4u) + h * threads_x + tx];
        }
        for (var r = 0u; r < MICRO_M; r = r + 1u) {
          let a_value = vec4f(a_regs[r][s]);
          for (var h = 0u; h < col_vec4s; h = h + 1u) {
            acc[r * col_vec4s + h] = fma(a_value, b_regs[h], acc[r * col_vec4s + h]);
          }
        }
      }
    }
    workgroupBarrier();
  }

  for (var r = 0u; r < MICRO_M; r = r + 1u) {
    let row = block_row + (r / 4u) * (4u * threads_y) + ty * 4u + r % 4u;
    for (var h = 0u; h < col_vec4s; h = h + 1u) {
      tuned_store(row, block_col + (h * threads_x + tx) * 4u, acc[r * col_vec4s + h]);
    }
  }
}
