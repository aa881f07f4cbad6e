// A small square matrix product C = A·B (n×n, row-major) computed in half precision: A and B are
// stored as f16, every product and every partial sum is an f16, and only the final sum is
// widened to f32 for the read-back. One invocation computes one element of C.
//
// The f32 twin is this same text with the `enable f16;` line removed and `scalar` aliased to f32
// (matmul-f16.ts derives it), so the two differ in nothing but the precision of the arithmetic.
// This file needs the device feature "shader-f16"; the twin runs on any WebGPU device. The
// runtime declares the buffers (dims; a and b of `scalar`, c of f32) from the record (index.ts).

enable f16;

// The element type of A, B and the running sum.
alias scalar = f16;

override WORKGROUP_X: u32 = 16u;
override WORKGROUP_Y: u32 = 16u;

struct Dims {
  n: u32,
  pad0: u32,
  pad1: u32,
  pad2: u32,
}

@compute @workgroup_size(WORKGROUP_X, WORKGROUP_Y)
fn matmul_half(@builtin(global_invocation_id) id: vec3u) {
  let row = id.y;
  let col = id.x;
  let n = dims.n;
  if (row >= n || col >= n) {
    return;
  }
  var sum = scalar(0.0);
  for (var i = 0u; i < n; i = i + 1u) {
    sum = sum + a[row * n + i] * b[i * n + col];
  }
  c[row * n + col] = f32(sum);
}
