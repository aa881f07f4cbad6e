/**
 * Some WGSL puzzles' solutions as a PyTorch user would write them: in Triton (block-level, runs
 * on this runtime) and in CUDA C++ (thread-level like WGSL; shown read only, never run here).
 * Keyed by the WGSL puzzle's id; the page shows them beside the WGSL solution. The Triton text
 * ends with its launch, so `runScript` runs it with the tensors named in `env`.
 */
import { HEADER } from './data';

/** One WGSL puzzle's solution in the two other languages. */
export interface KernelEquivalent {
  /** The WGSL puzzle's id. */
  wgslId: string;
  /** Triton kernel and its launch (names in the launch come from `env`: a, b, out, n...). */
  triton: string;
  /** The tensors and sizes the Triton launch reads. */
  env: readonly string[];
  /** CUDA C++ kernel and launch, read only. */
  cudaEquivalent: string;
  /** What changes between the three, in a sentence or two. */
  note: string;
}

export const EQUIVALENTS: readonly KernelEquivalent[] = [
  {
    wgslId: 'map',
    env: ['a', 'out', 'n'],
    triton: `${HEADER}

@triton.jit
def add_ten_kernel(a_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(a_ptr + offs, mask=mask) + 10.0, mask=mask)

grid = lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)
add_ten_kernel[grid](a, out, n, BLOCK_SIZE=256)
`,
    cudaEquivalent: `__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + 10.0f;
}

// add_ten<<<(n + 255) / 256, 256>>>(a, out, n);
`,
    note: 'WGSL and CUDA write what one thread does with one element; Triton writes what one program does with a block of 256, and the compiler spreads the block over threads.',
  },
  {
    wgslId: 'zip',
    env: ['a', 'b', 'out', 'n'],
    triton: `${HEADER}

@triton.jit
def zip_add_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a + b, mask=mask)

grid = lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)
zip_add_kernel[grid](a, b, out, n, BLOCK_SIZE=256)
`,
    cudaEquivalent: `__global__ void zip_add(const float* a, const float* b, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + b[i];
}

// zip_add<<<(n + 255) / 256, 256>>>(a, b, out, n);
`,
    note: 'The bounds check is an if in CUDA and WGSL and a mask in Triton; both keep the threads past n from touching memory.',
  },
  {
    wgslId: 'guard',
    env: ['a', 'out', 'n'],
    triton: `${HEADER}

@triton.jit
def square_kernel(a_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a * a, mask=mask)

grid = lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)
square_kernel[grid](a, out, n, BLOCK_SIZE=64)
`,
    cudaEquivalent: `__global__ void square(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;  // threads of the last block with no element
  out[i] = a[i] * a[i];
}

// square<<<(n + 63) / 64, 64>>>(a, out, n);
`,
    note: 'A Triton kernel cannot return early on a runtime value; the mask does the guard’s job lane by lane.',
  },
  {
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
  },
  {
    wgslId: 'tiled-matmul',
    env: ['a', 'b', 'out', 'm', 'n', 'k'],
    triton: `${HEADER}

@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        ka = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + ka[None, :],
                    mask=(rm[:, None] < M) & (ka[None, :] < K), other=0.0)
        b = tl.load(b_ptr + ka[:, None] * N + rn[None, :],
                    mask=(ka[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))

grid = lambda meta: (triton.cdiv(m, meta['BM']), triton.cdiv(n, meta['BN']))
matmul_kernel[grid](a, b, out, m, n, k, BM=16, BN=16, BK=16)
`,
    cudaEquivalent: `#define TILE 16

__global__ void tiled_matmul(const float* a, const float* b, float* out, int m, int n, int k) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int p0 = 0; p0 < k; p0 += TILE) {
    int pa = p0 + threadIdx.x, pb = p0 + threadIdx.y;
    as[threadIdx.y][threadIdx.x] = (row < m && pa < k) ? a[row * k + pa] : 0.0f;
    bs[threadIdx.y][threadIdx.x] = (pb < k && col < n) ? b[pb * n + col] : 0.0f;
    __syncthreads();
    for (int p = 0; p < TILE; ++p) acc += as[threadIdx.y][p] * bs[p][threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n) out[row * n + col] = acc;
}

// dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (m + TILE - 1) / TILE);
// tiled_matmul<<<grid, block>>>(a, b, out, m, n, k);
`,
    note: 'CUDA and WGSL stage tiles in shared memory by hand, one value per thread, with barriers; Triton loads whole tiles and tl.dot, and the compiler chooses shared memory, the barriers and the tensor-core instructions.',
  },
];

/** The equivalents of one WGSL puzzle, or undefined. */
export function findEquivalent(wgslId: string): KernelEquivalent | undefined {
  return EQUIVALENTS.find((e) => e.wgslId === wgslId);
}
