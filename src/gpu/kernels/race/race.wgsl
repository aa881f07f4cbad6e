// The CPU-vs-GPU race kernel. Every task is a chain of dependent integer mixing steps, so a
// task cannot be split, only run side by side with other tasks. The arithmetic is pure u32
// (wrapping multiply, logical shifts), so the result matches the JavaScript reference bit for
// bit (race.ts: raceSeed, raceStep). The runtime declares the buffers (params, results,
// serial_state) from the record (index.ts).

// Invocations per workgroup; the host sets it at pipeline creation.
override WORKGROUP_SIZE: u32 = 64u;

struct Params {
  // Index of the first task this dispatch computes; its result goes to results[task_offset].
  task_offset: u32,
  // How many tasks this dispatch computes (the grid may hold a few more invocations).
  count: u32,
  // Mixing steps per task (batch) or per dispatch (serial stage).
  iterations: u32,
  // Invocations in one row of the grid: workgroups along x times WORKGROUP_SIZE.
  row_stride: u32,
}

fn race_seed(task: u32) -> u32 {
  return (task * 0x9E3779B1u) ^ 0x7F4A7C15u;
}

fn race_step(value: u32) -> u32 {
  var x = value + 0x6D2B79F5u;
  x = x ^ (x >> 16u);
  x = x * 0x85EBCA6Bu;
  x = x ^ (x >> 13u);
  x = x * 0xC2B2AE35u;
  x = x ^ (x >> 16u);
  return x;
}

// One task per invocation. The grid is 2-D when one row of workgroups would pass the
// per-dimension limit; invocations past `count` return without writing.
@compute @workgroup_size(WORKGROUP_SIZE)
fn race_batch(@builtin(global_invocation_id) id: vec3u) {
  let local_index = id.y * params.row_stride + id.x;
  if (local_index >= params.count) {
    return;
  }
  let task = params.task_offset + local_index;
  var x = race_seed(task);
  for (var i = 0u; i < params.iterations; i = i + 1u) {
    x = race_step(x);
  }
  results[task] = x;
}

// The serial part of the job: a single invocation advances one chain. The chain's value lives
// in serial_state[0] between dispatches, so the host can split a long chain into pieces.
@compute @workgroup_size(1)
fn race_serial() {
  var x = serial_state[0];
  for (var i = 0u; i < params.iterations; i = i + 1u) {
    x = race_step(x);
  }
  serial_state[0] = x;
}
