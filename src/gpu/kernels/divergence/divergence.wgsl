// Divergence: every invocation runs one of two paths of u32 arithmetic, chosen by a branch, and
// writes the low 16 bits of its result as an f32. The rule (`kind`) is the same for the whole
// launch, so which rule runs is never divergent; the branch inside it is, or is not:
//   0 uniform: (id / 64) % 2 == 0, whole warps (and 64-wide wavefronts) agree;
//   1 even:    lane % 2 == 0, where lane = id % 32: every warp takes both paths;
//   2 half:    lane < 16: both paths in every 32-lane warp;
//   3 data:    x % 2 == 0 for the word x the invocation loaded: both paths in nearly every warp.
// Every rule sends half of the invocations down each path, so a GPU that ran lanes
// independently would take the same time for all four; a warp that must run both paths one
// after the other takes up to twice as long. The runtime declares the buffers (params, src, dst)
// from the record (index.ts) and adds the shared grid helpers below.

override WORKGROUP_SIZE: u32 = 256u;

// Lanes of a warp, as the rules count them (compute/divergence-reference.ts: WARP_LANES).
const WARP_LANES: u32 = 32u;

struct Params {
  // Invocations that do work (the grid may hold a few more).
  count: u32,
  // The branch rule: 0 uniform, 1 even, 2 half, 3 data.
  kind: u32,
  // Steps of each path.
  trips: u32,
  pad: u32,
}

// Whether invocation `id`, holding word `x`, takes the if-path.
fn takes_if_path(id: u32, x: u32) -> bool {
  let lane = id % WARP_LANES;
  switch (params.kind) {
    case 0u: { return (id / 64u) % 2u == 0u; }
    case 1u: { return lane % 2u == 0u; }
    case 2u: { return lane < 16u; }
    default: { return x % 2u == 0u; }
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn divergent_branch(at: GridInvocation) {
  let id = invocation_index(at);
  if (id >= params.count) {
    return;
  }
  let x = src[id];
  var v = x;
  if (takes_if_path(id, x)) {
    // A linear congruential generator.
    for (var t = 0u; t < params.trips; t = t + 1u) {
      v = v * 1664525u + 1013904223u;
    }
  } else {
    // xorshift32.
    for (var t = 0u; t < params.trips; t = t + 1u) {
      v = v ^ (v << 13u);
      v = v ^ (v >> 17u);
      v = v ^ (v << 5u);
    }
  }
  dst[id] = f32(v & 0xffffu);
}
