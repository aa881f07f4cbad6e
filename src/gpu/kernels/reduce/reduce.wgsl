// Sum reduction, one pass of a tree of passes. Every workgroup sums one contiguous span of its
// input into a single partial sum; the host runs passes until one value is left (reduce.ts).
//
// Inside a workgroup: each lane first adds ITEMS_PER_INVOCATION inputs on its own (lane l takes
// items l, l + WORKGROUP_SIZE, ... of the span, so neighbouring lanes read neighbouring words),
// then the lanes combine their sums in workgroup memory (shared/workgroup-sum.wgsl), halving
// the active lanes at each step with a barrier between steps. WORKGROUP_SIZE must be a power of
// two.
//
// Two entry points: `reduce_vec4` reads the original f32 array as vec4s (zero-padded by the
// host), `reduce_f32` reads the partial sums of the pass before. The runtime declares the
// buffers (params, vectors, values, partials) from the record (index.ts) and adds the shared
// parts below.

override WORKGROUP_SIZE: u32 = 256u;
override ITEMS_PER_INVOCATION: u32 = 16u;

struct Params {
  // Items in this pass's input: vec4s for reduce_vec4, f32 values for reduce_f32.
  count: u32,
}

// The first item of this workgroup's span.
fn span_start(at: GridInvocation) -> u32 {
  return group_index(at) * WORKGROUP_SIZE * ITEMS_PER_INVOCATION;
}

// Lane 0 writes the workgroup's sum. Workgroups past the last span (a 2-D grid can have a few)
// have nothing to write.
fn write_partial(at: GridInvocation, total: f32) {
  if (at.lane == 0u && span_start(at) < params.count) {
    partials[group_index(at)] = total;
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_vec4(at: GridInvocation) {
  let start = span_start(at);
  var sum = vec4f(0.0);
  for (var j = 0u; j < ITEMS_PER_INVOCATION; j = j + 1u) {
    let i = start + at.lane + j * WORKGROUP_SIZE;
    if (i < params.count) {
      sum = sum + vectors[i];
    }
  }
  write_partial(at, workgroup_sum(at.lane, (sum.x + sum.y) + (sum.z + sum.w)));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn reduce_f32(at: GridInvocation) {
  let start = span_start(at);
  var sum = 0.0;
  for (var j = 0u; j < ITEMS_PER_INVOCATION; j = j + 1u) {
    let i = start + at.lane + j * WORKGROUP_SIZE;
    if (i < params.count) {
      sum = sum + values[i];
    }
  }
  write_partial(at, workgroup_sum(at.lane, sum));
}
