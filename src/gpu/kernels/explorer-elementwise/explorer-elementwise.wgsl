// The explorer's elementwise kernel: ReLU over a flat array of f32, one element per invocation.
// `select` keeps the result exact and defined for every input (negative zero and NaN both give
// +0.0), so the output matches the JavaScript reference (explorer-elementwise.ts: reluCpu) bit
// for bit.

// Invocations per workgroup (the "threads per block"); the host sets it at pipeline creation.
override WORKGROUP_SIZE: u32 = 64u;

struct Params {
  // Elements in the array; invocations past it return without touching memory.
  count: u32,
  // Invocations in one row of the grid: workgroups along x times WORKGROUP_SIZE.
  row_stride: u32,
  // Padding to a 16-byte uniform block.
  pad0: u32,
  pad1: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> input: array<f32>;
@group(0) @binding(2) var<storage, read_write> output: array<f32>;

// The grid is 2-D when one row of workgroups would pass the per-dimension limit.
@compute @workgroup_size(WORKGROUP_SIZE)
fn relu(@builtin(global_invocation_id) id: vec3u) {
  let index = id.y * params.row_stride + id.x;
  if (index >= params.count) {
    return;
  }
  let x = input[index];
  output[index] = select(0.0, x, x > 0.0);
}
