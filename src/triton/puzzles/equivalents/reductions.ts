/**
 * The WGSL puzzles that combine many values into few (sum, prefix-sum, histogram, softmax) in
 * Triton and CUDA C++: Triton's tl.sum, tl.cumsum and tl.atomic_add stand where WGSL and CUDA
 * write their trees, scans and counters by hand.
 */
import { HEADER } from '../data';
import type { KernelEquivalent } from './types';

export const sumEquivalent: KernelEquivalent = {
  wgslId: 'sum',
  env: ['a', 'out', 'n'],
  triton: `${HEADER}

@triton.jit
def block_sum_kernel(a_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(a_ptr + offs, mask=offs < n, other=0.0)  # padding adds nothing
    # One total per block, as the puzzle asks. For a.sum() in the same pass, each program
    # would instead tl.atomic_add(total_ptr, tl.sum(x, axis=0)) into one zeroed scalar.
    tl.store(out_ptr + pid, tl.sum(x, axis=0))

grid = lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)
block_sum_kernel[grid](a, out, n, BLOCK_SIZE=256)
`,
  cudaEquivalent: `// 256 threads per block: each warp folds its 32 values with shuffles, then warp 0 folds the
// 8 warp totals.
__global__ void block_sum(const float* a, float* out, int n) {
  __shared__ float warp_total[8];
  int i = blockIdx.x * 256 + threadIdx.x;
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = i < n ? a[i] : 0.0f;
  for (int d = 16; d > 0; d /= 2) v += __shfl_down_sync(0xffffffffu, v, d);
  if (lane == 0) warp_total[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < 8 ? warp_total[lane] : 0.0f;
    for (int d = 4; d > 0; d /= 2) v += __shfl_down_sync(0xffffffffu, v, d);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

// block_sum<<<(n + 255) / 256, 256>>>(a, out, n);
`,
  note: 'The WGSL puzzle halves a workgroup array in eight rounds with a barrier after each; CUDA does most of it inside each warp with register shuffles that need no barrier; Triton says tl.sum and the compiler builds such a shuffle tree itself.',
};

export const prefixSumEquivalent: KernelEquivalent = {
  wgslId: 'prefix-sum',
  env: ['a', 'out', 'n'],
  triton: `${HEADER}

@triton.jit
def block_scan_kernel(a_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    x = tl.load(a_ptr + offs, mask=mask, other=0.0)
    # Running totals inside this block of 256; like the puzzle, every block starts from zero.
    # A scan of all of a would then add the totals of the blocks before it (a second launch
    # over the block totals, or one program walking the blocks with a carry).
    tl.store(out_ptr + offs, tl.cumsum(x, axis=0), mask=mask)

grid = lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)
block_scan_kernel[grid](a, out, n, BLOCK_SIZE=256)
`,
  cudaEquivalent: `// 256 threads per block: a shuffle scan inside each warp, a scan of the 8 warp totals by
// warp 0, then each warp adds the total of the warps before it.
__global__ void block_scan(const float* a, float* out, int n) {
  __shared__ float warp_total[8];
  int i = blockIdx.x * 256 + threadIdx.x;
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = i < n ? a[i] : 0.0f;
  for (int d = 1; d < 32; d *= 2) {
    float left = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d) v += left;
  }
  if (lane == 31) warp_total[warp] = v;
  __syncthreads();
  if (warp == 0) {
    float w = lane < 8 ? warp_total[lane] : 0.0f;
    for (int d = 1; d < 8; d *= 2) {
      float left = __shfl_up_sync(0xffffffffu, w, d);
      if (lane >= d) w += left;
    }
    if (lane < 8) warp_total[lane] = w;  // now the running total up to each warp
  }
  __syncthreads();
  if (warp > 0) v += warp_total[warp - 1];
  if (i < n) out[i] = v;
}

// block_scan<<<(n + 255) / 256, 256>>>(a, out, n);
`,
  note: 'WGSL doubles the look-back distance in eight barrier-separated rounds; CUDA scans each warp in registers with __shfl_up_sync and stitches the warps through shared memory; Triton asks for tl.cumsum on the block and leaves that plan to the compiler.',
};

export const histogramEquivalent: KernelEquivalent = {
  wgslId: 'histogram',
  env: ['a', 'bins', 'n'],
  triton: `${HEADER}

@triton.jit
def histogram_kernel(a_ptr, bins_ptr, n, BLOCK_SIZE: tl.constexpr, BINS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    v = tl.load(a_ptr + offs, mask=mask, other=0)
    bin_ids = tl.arange(0, BINS)
    # hit[i, j]: element i of the block falls in bin j (and is a real element).
    hit = (v[:, None] == bin_ids[None, :]) & mask[:, None]
    counts = tl.sum(hit.to(tl.int32), axis=0)  # this block's histogram
    tl.atomic_add(bins_ptr + bin_ids, counts)  # one atomic per bin per program

grid = lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)
histogram_kernel[grid](a, bins, n, BLOCK_SIZE=256, BINS=16)
`,
  cudaEquivalent: `#define BINS 16

__global__ void histogram(const unsigned* a, unsigned* bins, int n) {
  __shared__ unsigned local[BINS];
  if (threadIdx.x < BINS) local[threadIdx.x] = 0;  // shared memory starts undefined
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&local[a[i]], 1u);
  __syncthreads();
  if (threadIdx.x < BINS && local[threadIdx.x] > 0) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

// cudaMemset(bins, 0, BINS * sizeof(unsigned));
// histogram<<<(n + 255) / 256, 256>>>(a, bins, n);
`,
  note: 'WGSL and CUDA count into a workgroup or shared array with atomics and then add it to the global bins (CUDA must zero its shared array first; WGSL zeroes it for you); a Triton program has no shared array to count into, so it compares its block against every bin, sums the matches with tl.sum, and adds 16 counts with one tl.atomic_add.',
};

export const softmaxEquivalent: KernelEquivalent = {
  wgslId: 'softmax',
  env: ['a', 'out', 'rows', 'cols'],
  triton: `${HEADER}

@triton.jit
def softmax_kernel(a_ptr, out_ptr, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(a_ptr + row * n_cols + cols, mask=mask, other=-float('inf'))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * n_cols + cols, e / tl.sum(e, axis=0), mask=mask)

softmax_kernel[(rows,)](a, out, cols, BLOCK_SIZE=triton.next_power_of_2(cols))
`,
  cudaEquivalent: `// One block of 64 threads per row; two tree reductions through shared memory.
__global__ void row_softmax(const float* a, float* out, int cols) {
  __shared__ float scratch[64];
  const float* x = a + blockIdx.x * cols;
  float* y = out + blockIdx.x * cols;
  int t = threadIdx.x;

  float m = -INFINITY;
  for (int c = t; c < cols; c += 64) m = fmaxf(m, x[c]);
  scratch[t] = m;
  __syncthreads();
  for (int s = 32; s > 0; s /= 2) {
    if (t < s) scratch[t] = fmaxf(scratch[t], scratch[t + s]);
    __syncthreads();
  }
  float row_max = scratch[0];
  __syncthreads();

  float total = 0.0f;
  for (int c = t; c < cols; c += 64) total += expf(x[c] - row_max);
  scratch[t] = total;
  __syncthreads();
  for (int s = 32; s > 0; s /= 2) {
    if (t < s) scratch[t] += scratch[t + s];
    __syncthreads();
  }
  float row_sum = scratch[0];

  for (int c = t; c < cols; c += 64) y[c] = expf(x[c] - row_max) / row_sum;
}

// row_softmax<<<rows, 64>>>(a, out, cols);
`,
  note: 'The two shared-memory trees and their barriers in CUDA and WGSL are one tl.max and one tl.sum in Triton; the compiler writes the trees.',
};
