// Fast sum reduction, subgroup version: reduce-fast.wgsl with the lanes of a workgroup combined
// by subgroup adds instead of a tree in workgroup memory; the walk over the input is the same
// (shared/grid-stride-sum.wgsl). Needs the `subgroups` feature; the host picks this module only
// when the device has it (reduce-fast/job.ts).
//
// Combining lanes: every subgroup adds its lanes' values with subgroupAdd (in registers, no
// barrier), one lane per subgroup puts that sum in a free slot of workgroup memory, and after
// one barrier lane 0 adds the slots. WebGPU does not say which invocations form a subgroup, so
// slots are taken with an atomic counter instead of being computed from the invocation index.
// Subgroups have at least 4 lanes, so WORKGROUP_SIZE / 4 slots are always enough. The runtime
// declares the buffers (params, vectors, values, partials) from the record (index.ts) and adds
// the shared parts below.

enable subgroups;

override WORKGROUP_SIZE: u32 = 256u;

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

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_subgroups_vec4(
  at: GridInvocation,
  @builtin(subgroup_invocation_id) subgroup_lane: u32,
) {
  write_partial(at, workgroup_sum(at.lane, subgroup_lane, lane_sum_vec4(at)));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_subgroups_f32(
  at: GridInvocation,
  @builtin(subgroup_invocation_id) subgroup_lane: u32,
) {
  write_partial(at, workgroup_sum(at.lane, subgroup_lane, lane_sum_f32(at)));
}
