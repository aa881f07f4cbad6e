// Fast sum reduction, subgroup version: reduce-fast.wgsl with the lanes of a workgroup combined
// by subgroup adds instead of a tree in workgroup memory. Needs the `subgroups` feature; the host
// picks this module only when the device has it (reduce-fast.ts).
//
// Combining lanes: every subgroup adds its lanes' values with subgroupAdd (in registers, no
// barrier), one lane per subgroup puts that sum in a free slot of workgroup memory, and after
// one barrier lane 0 adds the slots. WebGPU does not say which invocations form a subgroup, so
// slots are taken with an atomic counter instead of being computed from the invocation index.
// Subgroups have at least 4 lanes, so WORKGROUP_SIZE / 4 slots are always enough.

enable subgroups;

override WORKGROUP_SIZE: u32 = 256u;
const LOADS_IN_FLIGHT: u32 = 4u;

struct Params {
  // Items in this pass's input: vec4s for the _vec4 entry point, f32 values for the _f32 one.
  count: u32,
  // Workgroups that take part; a 2-D grid may hold a few spare ones past them.
  workgroups: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> vectors: array<vec4f>;
@group(0) @binding(2) var<storage, read> values: array<f32>;
@group(0) @binding(3) var<storage, read_write> partials: array<f32>;

var<workgroup> subgroup_sums: array<f32, WORKGROUP_SIZE / 4u>;
var<workgroup> subgroups_done: atomic<u32>;

// Sums one value per lane over the workgroup; every lane must call it (it holds a barrier).
// Lane 0 gets the sum; the other lanes get a value they must not use.
fn workgroup_sum(lane: u32, subgroup_lane: u32, value: f32) -> f32 {
  let subgroup_total = subgroupAdd(value);
  if (subgroup_lane == 0u) {
    subgroup_sums[atomicAdd(&subgroups_done, 1u)] = subgroup_total;
  }
  workgroupBarrier();
  var total = 0.0;
  if (lane == 0u) {
    let slots = atomicLoad(&subgroups_done);
    for (var slot = 0u; slot < slots; slot = slot + 1u) {
      total = total + subgroup_sums[slot];
    }
  }
  return total;
}

// The first item of this lane's grid-stride walk; spare workgroups start past the end.
fn first_item(group_index: u32, lane: u32) -> u32 {
  if (group_index >= params.workgroups) {
    return params.count;
  }
  return group_index * WORKGROUP_SIZE + lane;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_subgroups_vec4(
  @builtin(workgroup_id) group: vec3u,
  @builtin(num_workgroups) groups: vec3u,
  @builtin(local_invocation_index) lane: u32,
  @builtin(subgroup_invocation_id) subgroup_lane: u32,
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
  let total = workgroup_sum(lane, subgroup_lane, (s.x + s.y) + (s.z + s.w));
  if (lane == 0u && group_index < params.workgroups) {
    partials[group_index] = total;
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_subgroups_f32(
  @builtin(workgroup_id) group: vec3u,
  @builtin(num_workgroups) groups: vec3u,
  @builtin(local_invocation_index) lane: u32,
  @builtin(subgroup_invocation_id) subgroup_lane: u32,
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
  let total = workgroup_sum(lane, subgroup_lane, (s0 + s1) + (s2 + s3));
  if (lane == 0u && group_index < params.workgroups) {
    partials[group_index] = total;
  }
}
