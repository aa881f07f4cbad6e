// Naive matrix product C = A·B (A is m×k, B is k×n, C is m×n; f32, row-major). One invocation
// computes one element of C as a dot product read straight from memory: the row of A and the
// column of B are fetched again by every invocation that needs them, and only the hardware's
// caches stand between that and main memory. x runs along columns of C, y along rows. The
// runtime declares the buffers (dims, a, b, c) from the record (index.ts) and adds the shape
// struct the three f32 matmuls share (shared/matmul-dims.wgsl) below.

override WORKGROUP_X: u32 = 16u;
override WORKGROUP_Y: u32 = 16u;

@compute @workgroup_size(WORKGROUP_X, WORKGROUP_Y)
fn matmul_naive(@builtin(global_invocation_id) id: vec3u) {
  let row = id.y;
  let col = id.x;
  if (row >= dims.m || col >= dims.n) {
    return;
  }
  var sum = 0.0;
  for (var i = 0u; i < dims.k; i = i + 1u) {
    sum = sum + a[row * dims.k + i] * b[i * dims.n + col];
  }
  c[row * dims.n + col] = sum;
}
