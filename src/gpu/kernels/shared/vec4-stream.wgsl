// The loop of the vectorised streaming kernels (copy, ReLU's relu_vec4), in the layout
// vec4-stream.ts plans: workgroup w owns the contiguous span of WORKGROUP_SIZE *
// VEC4S_PER_INVOCATION vec4s starting at w * span, and lane l takes vec4s l, l + WORKGROUP_SIZE,
// l + 2 * WORKGROUP_SIZE, ... of it, so at every step neighbouring lanes touch neighbouring
// 16-byte words (coalesced on real GPUs). The host pads both buffers to a whole number of
// vec4s. A kernel using this declares the overrides WORKGROUP_SIZE and VEC4S_PER_INVOCATION,
// the bindings `src` and `dst` (array<vec4f>), and `fn map_vec4(v: vec4f) -> vec4f`: what each
// vec4 of src becomes in dst.

// Writes map_vec4(src[i]) to dst[i] for every vec4 i of this lane's share of its span.
fn stream_vec4s(at: GridInvocation) {
  let count = arrayLength(&src);
  let first = group_index(at) * WORKGROUP_SIZE * VEC4S_PER_INVOCATION + at.lane;
  for (var j = 0u; j < VEC4S_PER_INVOCATION; j = j + 1u) {
    let i = first + j * WORKGROUP_SIZE;
    if (i < count) {
      dst[i] = map_vec4(src[i]);
    }
  }
}
