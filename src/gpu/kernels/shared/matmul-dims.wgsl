// The shape of the product C = A·B (A is m×k, B is k×n, C is m×n) as the lab's f32 matmuls
// (naive, tiled, register-blocked) receive it: the uniform block the host writes for all three
// (jobs/matmul-job.ts), bound as `dims`.

struct Dims {
  m: u32,
  n: u32,
  k: u32,
}
