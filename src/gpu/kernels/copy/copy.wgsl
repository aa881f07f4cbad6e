// Vectorised copy: dst = src, 16 bytes (one vec4<f32>) per load and per store. It does no
// arithmetic, so its speed is the memory bandwidth a shader can reach on this device.
//
// The loop is the streaming kernels' shared one (shared/vec4-stream.wgsl: stream_vec4s), which
// ReLU's relu_vec4 runs too: workgroup w owns a contiguous span of vec4s and neighbouring lanes
// touch neighbouring 16-byte words at every step (coalesced on real GPUs). The grid may be 2-D
// when one row of workgroups would pass the per-dimension limit (shared/grid.wgsl); the host
// pads both buffers to a whole number of vec4s (vec4-stream.ts). The runtime declares the
// buffers `src` and `dst` from the record (index.ts) and adds the shared parts below.

override WORKGROUP_SIZE: u32 = 256u;
override VEC4S_PER_INVOCATION: u32 = 1u;

// A copy leaves every vec4 as it is.
fn map_vec4(v: vec4f) -> vec4f {
  return v;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn copy_vec4(at: GridInvocation) {
  stream_vec4s(at);
}
