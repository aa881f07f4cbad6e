// Fast sum reduction, workgroup-memory version (for devices without the `subgroups` feature;
// reduce-subgroups.wgsl is the same kernel combining lanes with subgroup adds).
//
// What makes it faster than the simple `reduce` kernel is its walk over the input, shared with
// the subgroup version (shared/grid-stride-sum.wgsl): a fixed, modest number of workgroups walk
// the whole input, each lane keeping LOADS_IN_FLIGHT independent loads in flight. Lanes are then
// combined in workgroup memory (shared/workgroup-sum.wgsl), halving the active lanes at each
// step with a barrier between steps. WORKGROUP_SIZE must be a power of two. The runtime declares
// the buffers (params, vectors, values, partials) from the record (index.ts) and adds the
// shared parts below.

override WORKGROUP_SIZE: u32 = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_fast_vec4(at: GridInvocation) {
  write_partial(at, workgroup_sum(at.lane, lane_sum_vec4(at)));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_fast_f32(at: GridInvocation) {
  write_partial(at, workgroup_sum(at.lane, lane_sum_f32(at)));
}
