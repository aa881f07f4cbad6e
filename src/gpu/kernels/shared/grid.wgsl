// Where an invocation is, for the kernels that launch a count of workgroups (copy, ReLU, the
// sums, FMA). WebGPU caps each grid dimension (maxComputeWorkgroupsPerDimension, 65,535 by
// default), so the host folds a long row of workgroups into a 2-D grid (kernel-plan.ts:
// gridForWorkgroups) and the kernel counts workgroups row by row. A 2-D grid can hold a few
// spare workgroups past the count: each kernel checks its own bounds. A kernel using this
// declares the override WORKGROUP_SIZE.

// An entry point's parameter: the built-in values that place the invocation in the grid.
struct GridInvocation {
  @builtin(workgroup_id) group: vec3u,
  @builtin(num_workgroups) groups: vec3u,
  @builtin(local_invocation_index) lane: u32,
}

// The workgroup's index in the folded grid, row by row.
fn group_index(at: GridInvocation) -> u32 {
  return at.group.y * at.groups.x + at.group.x;
}

// The invocation's index: WORKGROUP_SIZE for each workgroup before it, plus its lane.
fn invocation_index(at: GridInvocation) -> u32 {
  return group_index(at) * WORKGROUP_SIZE + at.lane;
}
