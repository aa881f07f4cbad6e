// ReLU, y = max(x, 0), in two launch shapes that share one rule. `select` keeps the result
// exact and defined for every input (negative zero and NaN both give +0.0), so the output
// matches the JavaScript reference (relu.ts: reluCpu) bit for bit.
//
// relu_vec4 (the kernel lab): one vec4<f32> per load and per store, in the copy kernel's loop
// (shared/vec4-stream.wgsl: stream_vec4s): workgroup w owns a contiguous span of
// WORKGROUP_SIZE * VEC4S_PER_INVOCATION vec4s, lane l takes every WORKGROUP_SIZE-th vec4 of it
// from l on. It moves exactly the bytes the copy kernel moves and adds one comparison per
// element, so on a real GPU it is memory bound.
//
// relu_f32 (the SM explorer): one element per invocation, in workgroups of WORKGROUP_SIZE
// threads, as the explorer draws them. Both grids may be 2-D when one row of workgroups would
// pass the per-dimension limit (shared/grid.wgsl); invocations past the end return without
// touching memory. The runtime declares the buffers (src and dst as vec4s, x and y as f32) from
// the record (index.ts) and adds the shared parts below.

override WORKGROUP_SIZE: u32 = 256u;
override VEC4S_PER_INVOCATION: u32 = 1u;

// ReLU of four values at once.
fn map_vec4(v: vec4f) -> vec4f {
  return select(vec4f(0.0), v, v > vec4f(0.0));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn relu_vec4(at: GridInvocation) {
  stream_vec4s(at);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn relu_f32(at: GridInvocation) {
  let i = invocation_index(at);
  if (i >= arrayLength(&x)) {
    return;
  }
  let v = x[i];
  y[i] = select(0.0, v, v > 0.0);
}
