/**
 * The WGSL puzzles about where data sits on its way through (workgroup-memory, transpose,
 * tiled-matmul) in Triton and CUDA C++: WGSL and CUDA stage tiles in workgroup or shared memory
 * by hand; Triton has no such memory to name and leaves the staging to its compiler.
 */
import { HEADER } from '../data';
import type { KernelEquivalent } from './types';

export const workgroupMemoryEquivalent: KernelEquivalent = {
  wgslId: 'workgroup-memory',
  env: ['a', 'out', 'n'],
  triton: `${HEADER}

@triton.jit
def next_diff_kernel(a_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    here = tl.load(a_ptr + offs, mask=offs < n, other=0.0)
    # The same block shifted by one: the halo is just its last lane, and past n reads 0.
    after = tl.load(a_ptr + offs + 1, mask=offs + 1 < n, other=0.0)
    tl.store(out_ptr + offs, after - here, mask=offs < n)

grid = lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)
next_diff_kernel[grid](a, out, n, BLOCK_SIZE=64)
`,
  cudaEquivalent: `#define WG 64

__global__ void next_diff(const float* a, float* out, int n) {
  __shared__ float tile[WG + 1];  // the block's values and one halo value
  int t = threadIdx.x;
  int i = blockIdx.x * WG + t;
  tile[t] = i < n ? a[i] : 0.0f;
  if (t == 0) {
    int halo = blockIdx.x * WG + WG;
    tile[WG] = halo < n ? a[halo] : 0.0f;
  }
  __syncthreads();  // every thread reaches it: no early return above
  if (i < n) out[i] = tile[t + 1] - tile[t];
}

// next_diff<<<(n + WG - 1) / WG, WG>>>(a, out, n);
`,
  note: 'CUDA’s __shared__ array and __syncthreads() are WGSL’s var<workgroup> and workgroupBarrier() under other names; Triton has no shared memory to declare, so the kernel loads the block and the block one further along, and the overlap is served by the cache (the compiler stages blocks in shared memory itself where its layouts need it).',
};

export const transposeEquivalent: KernelEquivalent = {
  wgslId: 'transpose',
  env: ['a', 'out', 'rows', 'cols'],
  triton: `${HEADER}

@triton.jit
def transpose_kernel(a_ptr, out_ptr, rows, cols,
                     stride_ar, stride_ac, stride_or, stride_oc,
                     BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    r = tl.program_id(1) * BLOCK_R + tl.arange(0, BLOCK_R)
    c = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    mask = (r[:, None] < rows) & (c[None, :] < cols)
    tile = tl.load(a_ptr + r[:, None] * stride_ar + c[None, :] * stride_ac, mask=mask)
    # Element (r, c) of a goes to row c, column r of out: same block, the strides swapped.
    tl.store(out_ptr + c[None, :] * stride_or + r[:, None] * stride_oc, tile, mask=mask)

grid = lambda meta: (triton.cdiv(cols, meta['BLOCK_C']), triton.cdiv(rows, meta['BLOCK_R']))
transpose_kernel[grid](a, out, rows, cols, a.stride(0), a.stride(1), out.stride(0), out.stride(1),
                       BLOCK_R=16, BLOCK_C=16)
`,
  cudaEquivalent: `#define TILE 16

__global__ void transpose(const float* a, float* out, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];  // +1: a column's 16 values sit in 16 different banks
  int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
  int r = row0 + threadIdx.y, c = col0 + threadIdx.x;
  if (r < rows && c < cols) tile[threadIdx.y][threadIdx.x] = a[r * cols + c];
  __syncthreads();
  int out_r = col0 + threadIdx.y, out_c = row0 + threadIdx.x;
  if (out_r < cols && out_c < rows) out[out_r * rows + out_c] = tile[threadIdx.x][threadIdx.y];
}

// dim3 block(TILE, TILE), grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
// transpose<<<grid, block>>>(a, out, rows, cols);
`,
  note: 'In CUDA and WGSL the tile goes through shared memory by hand so that both the reads and the writes run along rows; in Triton the program loads a 2-D block and stores it through swapped strides, and the compiler picks a coalesced layout for each side and moves the block between them through shared memory itself.',
};

export const tiledMatmulEquivalent: KernelEquivalent = {
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
};
