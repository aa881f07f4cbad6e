// Fast sum reduction, workgroup-memory version (for devices without the `subgroups` feature;
// reduce-subgroups.wgsl is the same kernel combining lanes with subgroup adds). At most two
// passes: the first sums the input into at most MAX_WORKGROUPS partial sums, the second (one
// workgroup) sums those (reduce-fast.ts).
//
// What makes it faster than the simple `reduce` kernel:
// - A fixed, modest number of workgroups walk the whole input (a grid-stride loop), so each lane
//   sums many values and the cost of combining lanes is paid rarely.
// - Each trip of the loop issues LOADS_IN_FLIGHT independent loads into separate accumulators,
//   with no bounds check, so a lane has that many memory requests outstanding at once. The
//   last, partial trip is finished one load at a time with checks.
// - Neighbouring lanes read neighbouring vec4s at every load, so each load is coalesced.
//
// Lanes are then combined in workgroup memory, halving the active lanes at each step with a
// barrier between steps. WORKGROUP_SIZE must be a power of two.

override WORKGROUP_SIZE: u32 = 256u;
const LOADS_IN_FLIGHT: u32 = 4u;

struct Params {
  // Items in this pass's input: vec4s for reduce_fast_vec4, f32 values for reduce_fast_f32.
  count: u32,
  // Workgroups that take part; a 2-D grid may hold a few spare ones past them.
  workgroups: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> vectors: array<vec4f>;
@group(0) @binding(2) var<storage, read> values: array<f32>;
@group(0) @binding(3) var<storage, read_write> partials: array<f32>;

var<workgroup> lane_sums: array<f32, WORKGROUP_SIZE>;

// Sums one value per lane over the workgroup; every lane must call it (it holds barriers).
fn workgroup_sum(lane: u32, value: f32) -> f32 {
  lane_sums[lane] = value;
  workgroupBarrier();
  for (var stride = WORKGROUP_SIZE / 2u; stride > 0u; stride = stride / 2u) {
    if (lane < stride) {
      lane_sums[lane] = lane_sums[lane] + lane_sums[lane + stride];
    }
    workgroupBarrier();
  }
  return lane_sums[0];
}

// The first item of this lane's grid-stride walk; spare workgroups start past the end.
fn first_item(group_index: u32, lane: u32) -> u32 {
  if (group_index >= params.workgroups) {
    return params.count;
  }
  return group_index * WORKGROUP_SIZE + lane;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_fast_vec4(
  @builtin(workgroup_id) group: vec3u,
  @builtin(num_workgroups) groups: vec3u,
  @builtin(local_invocation_index) lane: u32,
) {
  let group_index = group.y * groups.x + group.x;
  let lanes = params.workgroups * WORKGROUP_SIZE;
  var i = first_item(group_index, lane);
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
  let total = workgroup_sum(lane, (s.x + s.y) + (s.z + s.w));
  if (lane == 0u && group_index < params.workgroups) {
    partials[group_index] = total;
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_fast_f32(
  @builtin(workgroup_id) group: vec3u,
  @builtin(num_workgroups) groups: vec3u,
  @builtin(local_invocation_index) lane: u32,
) {
  let group_index = group.y * groups.x + group.x;
  let lanes = params.workgroups * WORKGROUP_SIZE;
  var i = first_item(group_index, lane);
  var s0 = 0.0;
  var s1 = 0.0;
  var s2 = 0.0;
  var s3 = 0.0;
  while (i + (LOADS_IN_FLIGHT - 1u) * lanes < params.count) {
    s0 = s0 + values[i];
    s1 = s1 + values[i + lanes];
    s2 = s2 + values[i + 2u * lanes];
    s3 = s3 + values[i + 3u * lanes];
    i = i + LOADS_IN_FLIGHT * lanes;
  }
  while (i < params.count) {
    s0 = s0 + values[i];
    i = i + lanes;
  }
  let total = workgroup_sum(lane, (s0 + s1) + (s2 + s3));
  if (lane == 0u && group_index < params.workgroups) {
    partials[group_index] = total;
  }
}
