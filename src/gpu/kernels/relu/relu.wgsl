// ReLU, y = max(x, 0), in two launch shapes that share one rule. `select` keeps the result
// exact and defined for every input (negative zero and NaN both give +0.0), so the output
// matches the JavaScript reference (relu.ts: reluCpu) bit for bit.
//
// relu_vec4 (the kernel lab): one vec4<f32> per load and per store, the copy kernel's layout:
// workgroup w owns a contiguous span of WORKGROUP_SIZE * VEC4S_PER_INVOCATION vec4s, lane l
// takes every WORKGROUP_SIZE-th vec4 of it from l on. It moves exactly the bytes the copy
// kernel moves and adds one comparison per element, so on a real GPU it is memory bound.
//
// relu_f32 (the SM explorer): one element per invocation, in workgroups of WORKGROUP_SIZE
// threads, as the explorer draws them. Both grids may be 2-D when one row of workgroups would
// pass the per-dimension limit; invocations past the end return without touching memory.

override WORKGROUP_SIZE: u32 = 256u;
override VEC4S_PER_INVOCATION: u32 = 1u;

@group(0) @binding(0) var<storage, read> src: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4f>;
@group(0) @binding(2) var<storage, read> x: array<f32>;
@group(0) @binding(3) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn relu_vec4(
  @builtin(workgroup_id) group: vec3u,
  @builtin(num_workgroups) groups: vec3u,
  @builtin(local_invocation_index) lane: u32,
) {
  let count = arrayLength(&src);
  let group_index = group.y * groups.x + group.x;
  let first = group_index * WORKGROUP_SIZE * VEC4S_PER_INVOCATION + lane;
  for (var j = 0u; j < VEC4S_PER_INVOCATION; j = j + 1u) {
    let i = first + j * WORKGROUP_SIZE;
    if (i < count) {
      let v = src[i];
      dst[i] = select(vec4f(0.0), v, v > vec4f(0.0));
    }
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn relu_f32(
  @builtin(workgroup_id) group: vec3u,
  @builtin(num_workgroups) groups: vec3u,
  @builtin(local_invocation_index) lane: u32,
) {
  let i = (group.y * groups.x + group.x) * WORKGROUP_SIZE + lane;
  if (i >= arrayLength(&x)) {
    return;
  }
  let v = x[i];
  y[i] = select(0.0, v, v > 0.0);
}
