// Sum reduction, one pass of a tree of passes. Every workgroup sums one contiguous span of its
// input into a single partial sum; the host runs passes until one value is left (reduce.ts).
//
// Inside a workgroup: each lane first adds ITEMS_PER_INVOCATION inputs on its own (lane l takes
// items l, l + WORKGROUP_SIZE, ... of the span, so neighbouring lanes read neighbouring words),
// then the lanes combine their sums in workgroup memory, halving the active lanes at each step
// with a barrier between steps. WORKGROUP_SIZE must be a power of two.
//
// Two entry points: `reduce_vec4` reads the original f32 array as vec4s (zero-padded by the
// host), `reduce_f32` reads the partial sums of the pass before.

override WORKGROUP_SIZE: u32 = 256u;
override ITEMS_PER_INVOCATION: u32 = 16u;

struct Params {
  // Items in this pass's input: vec4s for reduce_vec4, f32 values for reduce_f32.
  count: u32,
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

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_vec4(
  @builtin(workgroup_id) group: vec3u,
  @builtin(num_workgroups) groups: vec3u,
  @builtin(local_invocation_index) lane: u32,
) {
  let group_index = group.y * groups.x + group.x;
  let span_start = group_index * WORKGROUP_SIZE * ITEMS_PER_INVOCATION;
  var sum = vec4f(0.0);
  for (var j = 0u; j < ITEMS_PER_INVOCATION; j = j + 1u) {
    let i = span_start + lane + j * WORKGROUP_SIZE;
    if (i < params.count) {
      sum = sum + vectors[i];
    }
  }
  let total = workgroup_sum(lane, (sum.x + sum.y) + (sum.z + sum.w));
  // Workgroups past the last span (a 2-D grid can have a few) have nothing to write.
  if (lane == 0u && span_start < params.count) {
    partials[group_index] = total;
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_f32(
  @builtin(workgroup_id) group: vec3u,
  @builtin(num_workgroups) groups: vec3u,
  @builtin(local_invocation_index) lane: u32,
) {
  let group_index = group.y * groups.x + group.x;
  let span_start = group_index * WORKGROUP_SIZE * ITEMS_PER_INVOCATION;
  var sum = 0.0;
  for (var j = 0u; j < ITEMS_PER_INVOCATION; j = j + 1u) {
    let i = span_start + lane + j * WORKGROUP_SIZE;
    if (i < params.count) {
      sum = sum + values[i];
    }
  }
  let total = workgroup_sum(lane, sum);
  if (lane == 0u && span_start < params.count) {
    partials[group_index] = total;
  }
}
