// Binary elementwise arithmetic on float32 arrays of equal length: result[i] = a[i] op b[i], one
// element per invocation. op: 0 add, 1 sub, 2 mul, 3 div, 4 pow (a negative base with a whole
// exponent keeps its sign rule, as PyTorch's does). The PyTorch console runs its small CUDA
// tensors' `+ - * / **` here (binary-elementwise.ts: binaryElementwiseCpu is the reference).
// The runtime declares the buffers (params, a, b, result) from the record (index.ts).

override WORKGROUP_SIZE: u32 = 64u;

struct Params {
  count: u32,
  op: u32,
  pad0: u32,
  pad1: u32,
}

fn power(x: f32, y: f32) -> f32 {
  if (x >= 0.0) {
    return pow(x, y);
  }
  if (floor(y) == y) {
    let magnitude = pow(-x, y);
    return select(magnitude, -magnitude, (i32(y) & 1) == 1);
  }
  // NaN, built at run time: WGSL refuses a NaN constant.
  return bitcast<f32>(0x7fc00000u | (params.op & 0u));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn binary_elementwise(@builtin(global_invocation_id) id: vec3u) {
  let i = id.x;
  if (i >= params.count) {
    return;
  }
  let x = a[i];
  let y = b[i];
  var r: f32;
  switch params.op {
    case 0u: { r = x + y; }
    case 1u: { r = x - y; }
    case 2u: { r = x * y; }
    case 3u: { r = x / y; }
    default: { r = power(x, y); }
  }
  result[i] = r;
}
