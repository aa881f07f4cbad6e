// Elementwise ReLU: y = max(x, 0), one vec4<f32> per load and per store. It moves exactly the
// bytes the copy kernel moves and adds one comparison per element, so on any real GPU it runs
// at the copy kernel's bandwidth: it is memory bound.
//
// Same layout as copy.wgsl: workgroup w owns a contiguous span of WORKGROUP_SIZE *
// VEC4S_PER_INVOCATION vec4s, lane l takes every WORKGROUP_SIZE-th vec4 of it from l on, and the
// grid may be 2-D. Buffers are padded to whole vec4s by the host.

override WORKGROUP_SIZE: u32 = 256u;
override VEC4S_PER_INVOCATION: u32 = 1u;

@group(0) @binding(0) var<storage, read> src: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4f>;

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
      dst[i] = max(src[i], vec4f(0.0));
    }
  }
}
