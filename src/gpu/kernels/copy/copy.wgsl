// Vectorised copy: dst = src, 16 bytes (one vec4<f32>) per load and per store. It does no
// arithmetic, so its speed is the memory bandwidth a shader can reach on this device.
//
// Workgroup w owns the contiguous span of WORKGROUP_SIZE * VEC4S_PER_INVOCATION vec4s starting
// at w * span; lane l copies vec4s l, l + WORKGROUP_SIZE, l + 2 * WORKGROUP_SIZE, ... of it, so
// at every step neighbouring lanes touch neighbouring 16-byte words (coalesced on real GPUs).
// The grid may be 2-D when one row of workgroups would pass the per-dimension limit; the host
// pads both buffers to a whole number of vec4s (vec4-stream.ts).

override WORKGROUP_SIZE: u32 = 256u;
override VEC4S_PER_INVOCATION: u32 = 1u;

@group(0) @binding(0) var<storage, read> src: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4f>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn copy_vec4(
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
      dst[i] = src[i];
    }
  }
}
