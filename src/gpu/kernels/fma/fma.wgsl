// Arithmetic throughput probe: every invocation runs eight independent chains of vec4 fused
// multiply-adds and writes one vec4. It reads no memory in its loop, so its speed is the FP32
// rate this device reaches from a shader: the compute roof.
//
// Each trip of the loop does four steps on every chain, x = fma(x, scale, offset_s), with the
// steps written out so that 128 FMAs share one loop test. The host passes scale = -1, which
// makes a step x -> offset_s - x: exact in f32 for the small quarter-multiples used here, so the
// CPU reference can check the result bit for bit (fma.ts). The compiler never sees the value of
// scale, so it cannot fold the steps away. The runtime declares the buffers (params, results)
// from the record (index.ts) and adds the shared grid helpers (shared/grid.wgsl) below.

override WORKGROUP_SIZE: u32 = 256u;

// Independent vec4 chains per invocation (fma.ts: FMA_CHAINS); the loop below is unrolled for 8.
const CHAINS: u32 = 8u;

struct Params {
  // Invocations that do work (the grid may hold a few more).
  threads: u32,
  // Trips of the loop; each trip is four steps of every chain.
  trips: u32,
  scale: f32,
  pad: u32,
  // The offsets of the four steps of a trip.
  offsets: vec4f,
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn fma_chains(at: GridInvocation) {
  let thread = invocation_index(at);
  if (thread >= params.threads) {
    return;
  }
  let seed = f32(thread % 64u) * 0.25;
  var x: array<vec4f, CHAINS>;
  for (var c = 0u; c < CHAINS; c = c + 1u) {
    x[c] = vec4f(seed, seed + 0.5, seed + 1.0, seed + 1.5) + vec4f(2.0 * f32(c));
  }
  let scale = vec4f(params.scale);
  let o1 = vec4f(params.offsets.x);
  let o2 = vec4f(params.offsets.y);
  let o3 = vec4f(params.offsets.z);
  let o4 = vec4f(params.offsets.w);
  var x0 = x[0];
  var x1 = x[1];
  var x2 = x[2];
  var x3 = x[3];
  var x4 = x[4];
  var x5 = x[5];
  var x6 = x[6];
  var x7 = x[7];
  for (var i = 0u; i < params.trips; i = i + 1u) {
    x0 = fma(x0, scale, o1); x1 = fma(x1, scale, o1); x2 = fma(x2, scale, o1); x3 = fma(x3, scale, o1);
    x4 = fma(x4, scale, o1); x5 = fma(x5, scale, o1); x6 = fma(x6, scale, o1); x7 = fma(x7, scale, o1);
    x0 = fma(x0, scale, o2); x1 = fma(x1, scale, o2); x2 = fma(x2, scale, o2); x3 = fma(x3, scale, o2);
    x4 = fma(x4, scale, o2); x5 = fma(x5, scale, o2); x6 = fma(x6, scale, o2); x7 = fma(x7, scale, o2);
    x0 = fma(x0, scale, o3); x1 = fma(x1, scale, o3); x2 = fma(x2, scale, o3); x3 = fma(x3, scale, o3);
    x4 = fma(x4, scale, o3); x5 = fma(x5, scale, o3); x6 = fma(x6, scale, o3); x7 = fma(x7, scale, o3);
    x0 = fma(x0, scale, o4); x1 = fma(x1, scale, o4); x2 = fma(x2, scale, o4); x3 = fma(x3, scale, o4);
    x4 = fma(x4, scale, o4); x5 = fma(x5, scale, o4); x6 = fma(x6, scale, o4); x7 = fma(x7, scale, o4);
  }
  results[thread] = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
}
