// The walk of the fast sums (reduce-fast, and reduce-subgroups, which differ only in how a
// workgroup combines its lanes: their own `workgroup_sum`). At most two passes: the first sums
// the input into at most 1,024 partial sums, the second (one workgroup) sums those
// (reduce-fast.ts).
//
// - A fixed, modest number of workgroups walk the whole input (a grid-stride loop), so each lane
//   sums many values and the cost of combining lanes is paid rarely.
// - Each trip of the loop issues LOADS_IN_FLIGHT independent loads into separate accumulators,
//   with no bounds check, so a lane has that many memory requests outstanding at once. The
//   last, partial trip is finished one load at a time with checks.
// - Neighbouring lanes read neighbouring items at every load, so each load is coalesced.
//
// A kernel using this declares the override WORKGROUP_SIZE and the bindings `params` (Params),
// `vectors` (array<vec4f>), `values` (array<f32>) and `partials` (array<f32>).

const LOADS_IN_FLIGHT: u32 = 4u;

struct Params {
  // Items in this pass's input: vec4s for the _vec4 entry point, f32 values for the _f32 one.
  count: u32,
  // Workgroups that take part; a 2-D grid may hold a few spare ones past them.
  workgroups: u32,
}

// The first item of this lane's walk; spare workgroups start past the end.
fn first_item(at: GridInvocation) -> u32 {
  if (group_index(at) >= params.workgroups) {
    return params.count;
  }
  return invocation_index(at);
}

// This lane's sum of the vec4s it walks over (the first pass, over the input).
fn lane_sum_vec4(at: GridInvocation) -> f32 {
  let lanes = params.workgroups * WORKGROUP_SIZE;
  var i = first_item(at);
  var s0 = vec4f(0.0);
  var s1 = vec4f(0.0);
  var s2 = vec4f(0.0);
  var s3 = vec4f(0.0);
  // Whole trips: LOADS_IN_FLIGHT loads, all inside the array, none waiting on another.
  while (i + (LOADS_IN_FLIGHT - 1u) * lanes < params.count) {
    s0 = s0 + vectors[i];
    s1 = s1 + vectors[i + lanes];
    s2 = s2 + vectors[i + 2u * lanes];
    s3 = s3 + vectors[i + 3u * lanes];
    i = i + LOADS_IN_FLIGHT * lanes;
  }
  // The last few items, one at a time.
  while (i < params.count) {
    s0 = s0 + vectors[i];
    i = i + lanes;
  }
  let s = (s0 + s1) + (s2 + s3);
  return (s.x + s.y) + (s.z + s.w);
}

// The same walk over f32 values (the second pass, over the first pass's partial sums).
fn lane_sum_f32(at: GridInvocation) -> f32 {
  let lanes = params.workgroups * WORKGROUP_SIZE;
  var i = first_item(at);
  var s = vec4f(0.0);
  while (i + (LOADS_IN_FLIGHT - 1u) * lanes < params.count) {
    s = s + vec4f(values[i], values[i + lanes], values[i + 2u * lanes], values[i + 3u * lanes]);
    i = i + LOADS_IN_FLIGHT * lanes;
  }
  while (i < params.count) {
    s.x = s.x + values[i];
    i = i + lanes;
  }
  return (s.x + s.y) + (s.z + s.w);
}

// Lane 0 of each workgroup that takes part writes the workgroup's sum.
fn write_partial(at: GridInvocation, total: f32) {
  let group = group_index(at);
  if (at.lane == 0u && group < params.workgroups) {
    partials[group] = total;
  }
}
