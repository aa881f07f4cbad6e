// Strided read: invocation i copies word i * stride of `src` into word i of `dst`. Neighbouring
// invocations (the lanes of one warp on an NVIDIA GPU) read words `stride` apart, so with
// stride 1 a warp's 32 loads fall in four 32-byte sectors, and from stride 8 on each load needs
// a sector of its own: the same useful bytes cost up to eight times the memory traffic. The
// warp view measures this kernel at several strides. The runtime declares the buffers
// (params, src, dst) from the record (index.ts) and adds the shared grid helpers below.

override WORKGROUP_SIZE: u32 = 256u;

struct Params {
  // Invocations that read (the grid may hold a few more).
  count: u32,
  // Words between the reads of neighbouring invocations.
  stride: u32,
  pad0: u32,
  pad1: u32,
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn strided_read(at: GridInvocation) {
  let i = invocation_index(at);
  if (i >= params.count) {
    return;
  }
  dst[i] = src[i * params.stride];
}
