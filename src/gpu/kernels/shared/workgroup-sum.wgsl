// Combining the lanes of a workgroup in workgroup memory (the sum `reduce` and the fast sum
// `reduce-fast`): every lane writes its value, then at each step the lower half of the active
// lanes adds the upper half, with a barrier between steps, so WORKGROUP_SIZE values take
// log2(WORKGROUP_SIZE) steps. WORKGROUP_SIZE (an override of the kernel) must be a power of two.

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
