/**
 * The elementwise WGSL puzzles (map, zip, guard, map-2d, broadcast) in Triton and CUDA C++: one
 * output element per thread in WGSL and CUDA, one block of them per program in Triton.
 */
import { HEADER } from '../data';
import type { KernelEquivalent } from './types';

export const mapEquivalent: KernelEquivalent = {
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
};

export const zipEquivalent: KernelEquivalent = {
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
};

export const guardEquivalent: KernelEquivalent = {
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
};

export const map2dEquivalent: KernelEquivalent = {
  wgslId: 'map-2d',
  env: ['a', 'out', 'rows', 'cols'],
  triton: `${HEADER}

@triton.jit
def add_one_2d_kernel(a_ptr, out_ptr, rows, cols,
                      BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    r = tl.program_id(1) * BLOCK_R + tl.arange(0, BLOCK_R)  # this tile's rows
    c = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)  # and its columns
    offs = r[:, None] * cols + c[None, :]  # a [BLOCK_R, BLOCK_C] block of row-major indexes
    mask = (r[:, None] < rows) & (c[None, :] < cols)
    tl.store(out_ptr + offs, tl.load(a_ptr + offs, mask=mask) + 1.0, mask=mask)

grid = lambda meta: (triton.cdiv(cols, meta['BLOCK_C']), triton.cdiv(rows, meta['BLOCK_R']))
add_one_2d_kernel[grid](a, out, rows, cols, BLOCK_R=8, BLOCK_C=8)
`,
  cudaEquivalent: `__global__ void add_one_2d(const float* a, float* out, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;  // x runs along a row
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols) out[r * cols + c] = a[r * cols + c] + 1.0f;
}

// dim3 block(8, 8), grid((cols + 7) / 8, (rows + 7) / 8);
// add_one_2d<<<grid, block>>>(a, out, rows, cols);
`,
  note: 'CUDA and WGSL give each thread an x and a y and guard both; a Triton program builds its whole tile of indexes from a column of row numbers and a row of column numbers, and one mask covers both edges.',
};

export const broadcastEquivalent: KernelEquivalent = {
  wgslId: 'broadcast',
  env: ['a', 'b', 'out', 'rows', 'cols'],
  triton: `${HEADER}

@triton.jit
def outer_add_kernel(a_ptr, b_ptr, out_ptr, rows, cols,
                     BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    r = tl.program_id(1) * BLOCK_R + tl.arange(0, BLOCK_R)
    c = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    a = tl.load(a_ptr + c, mask=c < cols)  # one value per column
    b = tl.load(b_ptr + r, mask=r < rows)  # one value per row
    mask = (r[:, None] < rows) & (c[None, :] < cols)
    tl.store(out_ptr + r[:, None] * cols + c[None, :], a[None, :] + b[:, None], mask=mask)

grid = lambda meta: (triton.cdiv(cols, meta['BLOCK_C']), triton.cdiv(rows, meta['BLOCK_R']))
outer_add_kernel[grid](a, b, out, rows, cols, BLOCK_R=8, BLOCK_C=8)
`,
  cudaEquivalent: `__global__ void outer_add(const float* a, const float* b, float* out, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols) out[r * cols + c] = a[c] + b[r];  // the cache serves the repeats
}

// dim3 block(8, 8), grid((cols + 7) / 8, (rows + 7) / 8);
// outer_add<<<grid, block>>>(a, b, out, rows, cols);
`,
  note: 'Triton spells the broadcast as PyTorch does, a[None, :] + b[:, None], after loading each vector once per tile; in CUDA and WGSL each thread picks its own a[c] and b[r] and the repeated reads of one value land in the cache.',
};
