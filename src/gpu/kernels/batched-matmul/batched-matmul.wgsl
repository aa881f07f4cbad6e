// Batched matrix product: for each p < batch, result[p] (m x n) = a[p] (m x k) * b[p] (k x n),
// all row-major and packed one after another. One invocation per output element; the PyTorch
// console only sends small tensors (at most 4,096 elements), so no tiling is needed
// (batched-matmul.ts: batchedMatmulCpu is the reference). The runtime declares the buffers
// (params, a, b, result) from the record (index.ts).

override WORKGROUP_SIZE: u32 = 64u;

struct Params {
  batch: u32,
  m: u32,
  k: u32,
  n: u32,
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn batched_matmul(@builtin(global_invocation_id) id: vec3u) {
  let index = id.x;
  let per_batch = params.m * params.n;
  if (index >= params.batch * per_batch) {
    return;
  }
  let p = index / per_batch;
  let rest = index % per_batch;
  let i = rest / params.n;
  let j = rest % params.n;
  let a_base = p * params.m * params.k + i * params.k;
  let b_base = p * params.k * params.n + j;
  var sum = 0.0;
  for (var q = 0u; q < params.k; q++) {
    sum += a[a_base + q] * b[b_base + q * params.n];
  }
  result[index] = sum;
}
