// Tiled matrix product C = A·B (A is m×k, B is k×n, C is m×n; f32, row-major). A 16×16
// workgroup computes a 16×16 block of C. It walks along k one 16-wide tile at a time: every
// invocation loads one element of A's tile and one of B's into workgroup memory, the workgroup
// waits at a barrier, then each invocation does 16 multiply-adds from the fast shared copies.
// Each value fetched from memory is so reused 16 times, against once in the naive kernel.
// Elements outside the matrices load as zero, so any m, n and k work. The runtime declares the
// buffers (dims, a, b, c) from the record (index.ts) and adds the shape struct the three f32
// matmuls share (shared/matmul-dims.wgsl) below.

const TILE: u32 = 16u;

var<workgroup> a_tile: array<f32, TILE * TILE>;
var<workgroup> b_tile: array<f32, TILE * TILE>;

@compute @workgroup_size(TILE, TILE)
fn matmul_tiled(
  @builtin(workgroup_id) group: vec3u,
  @builtin(local_invocation_id) local: vec3u,
) {
  let row = group.y * TILE + local.y;
  let col = group.x * TILE + local.x;
  let slot = local.y * TILE + local.x;
  var sum = 0.0;
  // Every invocation runs every step (no early return): barriers need the whole workgroup.
  let tiles = (dims.k + TILE - 1u) / TILE;
  for (var t = 0u; t < tiles; t = t + 1u) {
    let a_col = t * TILE + local.x;
    var a_value = 0.0;
    if (row < dims.m && a_col < dims.k) {
      a_value = a[row * dims.k + a_col];
    }
    a_tile[slot] = a_value;
    let b_row = t * TILE + local.y;
    var b_value = 0.0;
    if (b_row < dims.k && col < dims.n) {
      b_value = b[b_row * dims.n + col];
    }
    b_tile[slot] = b_value;
    workgroupBarrier();
    for (var i = 0u; i < TILE; i = i + 1u) {
      sum = sum + a_tile[local.y * TILE + i] * b_tile[i * TILE + local.x];
    }
    workgroupBarrier();
  }
  if (row < dims.m && col < dims.n) {
    c[row * dims.n + col] = sum;
  }
}
