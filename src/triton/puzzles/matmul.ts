/** Puzzles 9-11: tiles, tl.dot, an epilogue, and attention with an online softmax. */
import { floatArg, makeTensor } from '../index';
import { HEADER, cdiv, seedFor, sizeOf, uniform } from './data';
import type { TritonCase, TritonPuzzle, TritonSizes, TritonWorkCounts } from './types';

/** CPU reference: C = A @ B for row-major A [m, k] and B [k, n], in double. */
export function matmulRef(
  a: readonly number[],
  b: readonly number[],
  m: number,
  n: number,
  k: number,
): number[] {
  const c = new Array<number>(m * n).fill(0);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let x = 0; x < k; x++) s += (a[i * k + x] as number) * (b[x * n + j] as number);
      c[i * n + j] = s;
    }
  return c;
}

const mnkCases = (list: readonly (readonly [number, number, number, string])[]): TritonCase[] =>
  list.map(([m, n, k, why]) => ({
    size: { m, n, k },
    label: `M = ${m}, N = ${n}, K = ${k} (${why})`,
  }));

const tileGrid = (s: TritonSizes) => (meta: Readonly<Record<string, unknown>>) => [
  cdiv(sizeOf(s, 'm'), meta.BLOCK_M as number),
  cdiv(sizeOf(s, 'n'), meta.BLOCK_N as number),
];

/** C = A @ B once each from memory, 2·M·N·K FLOPs in tf32 (an fp32 tl.dot on a real GPU). */
function matmulWork(s: TritonSizes, epilogueFlopsPerOutput: number): TritonWorkCounts {
  const [m, n, k] = [sizeOf(s, 'm'), sizeOf(s, 'n'), sizeOf(s, 'k')];
  return {
    kind: 'matmul',
    precision: 'tf32',
    valuesRead: m * k + k * n + (epilogueFlopsPerOutput > 0 ? n : 0),
    valuesWritten: m * n,
    flops: 2 * m * n * k + epilogueFlopsPerOutput * m * n,
  };
}

const MATMUL_ARGS = [
  { name: 'a_ptr', kind: 'tensor', shape: 'fp32 [M, K]', role: 'input', note: 'left matrix' },
  { name: 'b_ptr', kind: 'tensor', shape: 'fp32 [K, N]', role: 'input', note: 'right matrix' },
  { name: 'c_ptr', kind: 'tensor', shape: 'fp32 [M, N]', role: 'output', note: 'the product' },
  { name: 'M', kind: 'int', shape: 'M', role: 'input', note: 'rows of A and C' },
  { name: 'N', kind: 'int', shape: 'N', role: 'input', note: 'columns of B and C' },
  { name: 'K', kind: 'int', shape: 'K', role: 'input', note: 'the shared dimension' },
  { name: 'stride_am', kind: 'int', shape: 'a.stride(0)', role: 'input', note: 'K' },
  { name: 'stride_ak', kind: 'int', shape: 'a.stride(1)', role: 'input', note: '1' },
  { name: 'stride_bk', kind: 'int', shape: 'b.stride(0)', role: 'input', note: 'N' },
  { name: 'stride_bn', kind: 'int', shape: 'b.stride(1)', role: 'input', note: '1' },
  { name: 'stride_cm', kind: 'int', shape: 'c.stride(0)', role: 'input', note: 'N' },
  { name: 'stride_cn', kind: 'int', shape: 'c.stride(1)', role: 'input', note: '1' },
] as const;

const TILES = { BLOCK_M: 16, BLOCK_N: 16, BLOCK_K: 16 };
const TILE_GRID_TEXT =
  "lambda meta: (triton.cdiv(M, meta['BLOCK_M']), triton.cdiv(N, meta['BLOCK_N']))";

/** Random A and B for a size, the matmul's positional arguments and C. */
function matmulRun(salt: number, s: TritonSizes) {
  const m = sizeOf(s, 'm');
  const n = sizeOf(s, 'n');
  const k = sizeOf(s, 'k');
  const seed = seedFor(salt, s);
  const a = uniform(seed, m * k, -1, 1);
  const b = uniform(seed + 1, k * n, -1, 1);
  const c = makeTensor('fp32', [m, n]);
  const tensors = [makeTensor('fp32', [m, k], a), makeTensor('fp32', [k, n], b), c] as const;
  const scalars = [m, n, k, k, 1, n, 1, n, 1];
  return { m, n, k, a, b, c, seed, tensors, scalars };
}

const MATMUL_SIGNATURE = `    a_ptr, b_ptr, c_ptr,
    M, N, K,
    stride_am, stride_ak,
    stride_bk, stride_bn,
    stride_cm, stride_cn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,`;

export const tiledMatmul: TritonPuzzle = {
  id: 'tiled-matmul',
  title: 'Tiled matmul with tl.dot',
  idea: 'tiles, a K loop and tl.dot',
  statement: [
    'Compute `C = A @ B` for fp32 `A` (`M × K`) and `B` (`K × N`). Program `(pid_m, pid_n)` owns one `BLOCK_M × BLOCK_N` tile of `C` (16 × 16) and walks along `K` in steps of `BLOCK_K` = 16: each step loads a tile of `A` and a tile of `B` and adds their product to an fp32 accumulator with `tl.dot(a, b, acc)`.',
    'Build the pointer tiles once from the strides, then move them along `K` after each step. Tiles that hang past `M`, `N` or the end of `K` load 0 through their masks, which adds nothing to the products.',
  ],
  figure:
    'A, B and C side by side. In C one 16 × 16 tile is shaded; in A the matching strip of rows and in B the matching strip of columns are drawn as a row of K-tiles and a column of K-tiles, numbered 0, 1, 2 in the order the loop visits them, the last ones partly hatched (past K).',
  launch: { grid: TILE_GRID_TEXT, constexprs: TILES, args: MATMUL_ARGS },
  grid: tileGrid,
  workingSize: { m: 4096, n: 4096, k: 4096 },
  timedSize: { m: 256, n: 256, k: 128 },
  work: (s) => matmulWork(s, 0),
  prepare: (s) => {
    const r = matmulRun(0x92, s);
    return {
      args: [...r.tensors, ...r.scalars],
      outputs: [{ name: 'c', tensor: r.c, expected: matmulRef(r.a, r.b, r.m, r.n, r.k) }],
    };
  },
  cases: mnkCases([
    [5, 7, 3, 'smaller than one tile everywhere'],
    [17, 20, 33, 'one past a tile, K over three steps'],
    [33, 16, 40, 'three tile rows, K not a multiple of 16'],
  ]),
  tolerance: { absolute: 1e-4, relative: 1e-4 },
  starter: `${HEADER}

@triton.jit
def matmul_kernel(
${MATMUL_SIGNATURE}
):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
`,
  starterBug: 'the A and B pointers never move along K: every step multiplies the first K-tiles',
  hints: [
    'With K ≤ 16 the product is right. Past that, which tiles of A and B does the second trip round the loop load?',
    '`a_ptrs` and `b_ptrs` are computed once before the loop and never change.',
    'At the end of each step move them one tile along K: `a_ptrs += BLOCK_K * stride_ak` and `b_ptrs += BLOCK_K * stride_bk`.',
  ],
  solution: `${HEADER}

@triton.jit
def matmul_kernel(
${MATMUL_SIGNATURE}
):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    # Pointers to the first K-tile of A's rows and of B's columns.
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        # Step both tiles along K.
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
`,
};

/** CPU reference: relu(A @ B + bias) with bias broadcast along the rows. */
export function linearReluRef(
  a: readonly number[],
  b: readonly number[],
  bias: readonly number[],
  m: number,
  n: number,
  k: number,
): number[] {
  return matmulRef(a, b, m, n, k).map((v, i) => Math.max(0, v + (bias[i % n] as number)));
}

export const matmulRelu: TritonPuzzle = {
  id: 'matmul-relu',
  title: 'Matmul with a fused bias and ReLU',
  idea: 'an epilogue on the accumulator',
  statement: [
    'Compute a linear layer with its activation in one kernel: `C = relu(A @ B + bias)`, where `bias` has one value per column of `C` (length `N`). Without fusion PyTorch would write `A @ B` to memory, read it back to add the bias, and again for the ReLU.',
    'The tiling is the previous puzzle’s. What is new is the epilogue: the work done on the accumulator after the last `tl.dot` and before the store, while the tile is still in registers. It must wait until the whole sum over `K` is in.',
  ],
  figure:
    'The matmul tile picture again, with the accumulator tile flowing out of the K loop into two boxes in a row, "+ bias[None, :]" and "max(·, 0)", and only then into C. A crossed-out variant puts the max box inside the loop.',
  launch: {
    grid: TILE_GRID_TEXT,
    constexprs: TILES,
    args: [
      ...MATMUL_ARGS.slice(0, 3),
      { name: 'bias_ptr', kind: 'tensor', shape: 'fp32 [N]', role: 'input', note: 'per column' },
      ...MATMUL_ARGS.slice(3),
    ],
  },
  grid: tileGrid,
  workingSize: { m: 4096, n: 4096, k: 4096 },
  timedSize: { m: 256, n: 256, k: 128 },
  // The epilogue adds the bias and takes the maximum: two more operations per output.
  work: (s) => matmulWork(s, 2),
  prepare: (s) => {
    const r = matmulRun(0xa3, s);
    const bias = uniform(r.seed + 2, r.n, -0.5, 0.5);
    return {
      args: [...r.tensors, makeTensor('fp32', [r.n], bias), ...r.scalars],
      outputs: [{ name: 'c', tensor: r.c, expected: linearReluRef(r.a, r.b, bias, r.m, r.n, r.k) }],
    };
  },
  cases: mnkCases([
    [4, 5, 6, 'smaller than one tile everywhere'],
    [18, 17, 35, 'one past a tile, K over three steps'],
    [20, 33, 20, 'three tile columns, K one step and a bit'],
  ]),
  tolerance: { absolute: 1e-4, relative: 1e-4 },
  starter: `${HEADER}

@triton.jit
def linear_relu_kernel(
    a_ptr, b_ptr, c_ptr, bias_ptr,
    M, N, K,
    stride_am, stride_ak,
    stride_bk, stride_bn,
    stride_cm, stride_cn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N), other=0.0)
        acc = tl.maximum(tl.dot(a, b, acc), 0.0)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    bias = tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0)
    acc = acc + bias[None, :]
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
`,
  starterBug: 'the ReLU clips partial sums inside the K loop, and the bias is added after it',
  hints: [
    'Wrong values appear even when K fits in one tile. Look at the order of the three steps: sum over K, add the bias, clip.',
    'The starter clips before the bias is added, and inside the loop, where it throws away the negative part of a partial sum that later steps would have added to.',
    'Keep the loop a plain `acc = tl.dot(a, b, acc)`; after it add `bias[None, :]`, then take `tl.maximum(acc, 0.0)`, then store.',
  ],
  solution: `${HEADER}

@triton.jit
def linear_relu_kernel(
    a_ptr, b_ptr, c_ptr, bias_ptr,
    M, N, K,
    stride_am, stride_ak,
    stride_bk, stride_bn,
    stride_cm, stride_cn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    # Epilogue: the full sum is in; add the bias row and clip, still in registers.
    bias = tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0)
    acc = tl.maximum(acc + bias[None, :], 0.0)
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
`,
};

/** CPU reference: causal attention over [heads, s, d] q, k, v, in double. */
export function causalAttentionRef(
  q: readonly number[],
  k: readonly number[],
  v: readonly number[],
  heads: number,
  s: number,
  d: number,
  scale: number,
): number[] {
  const out = new Array<number>(heads * s * d).fill(0);
  for (let h = 0; h < heads; h++) {
    const base = h * s * d;
    for (let i = 0; i < s; i++) {
      const scores: number[] = [];
      for (let j = 0; j <= i; j++) {
        let dot = 0;
        for (let x = 0; x < d; x++)
          dot += (q[base + i * d + x] as number) * (k[base + j * d + x] as number);
        scores.push(dot * scale);
      }
      const top = Math.max(...scores);
      const w = scores.map((z) => Math.exp(z - top));
      const total = w.reduce((a, b) => a + b, 0);
      for (let x = 0; x < d; x++) {
        let acc = 0;
        for (let j = 0; j <= i; j++) acc += (w[j] as number) * (v[base + j * d + x] as number);
        out[base + i * d + x] = acc / total;
      }
    }
  }
  return out;
}

const HEAD_DIM = 16;
const SM_SCALE = 0.25; // 1 / sqrt(HEAD_DIM)

const ATTENTION_SIGNATURE = `def attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, seq_len, sm_scale, stride_h, stride_s,
                     D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):`;

/** The kernel up to the key loop, shared by the starter and the solution. */
const ATTENTION_PROLOGUE = `    start_m = tl.program_id(0)
    head = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    base = head * stride_h
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_s + offs_d[None, :],
                mask=offs_m[:, None] < seq_len, other=0.0)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")  # running row max
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)  # running sum of exp
    acc = tl.zeros([BLOCK_M, D], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504  # log2(e), so exp(x) is exp2(x * log2(e))`;

/** The online softmax step and the final store. */
const ATTENTION_BODY = `        qk = tl.where(keep, qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, axis=1))
        alpha = tl.exp2(m_i - m_new)
        p = tl.exp2(qk - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptr + base + cols[:, None] * stride_s + offs_d[None, :],
                    mask=cols[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p, v)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * stride_s + offs_d[None, :], acc,
             mask=offs_m[:, None] < seq_len)
`;

export const flashAttention: TritonPuzzle = {
  id: 'flash-attention',
  title: 'Causal flash attention (forward)',
  idea: 'an online softmax over key blocks, and a causal mask',
  statement: [
    'Compute causal self-attention for `heads` heads of `seq_len` tokens with head size `D` = 16: `O = softmax(Q Kᵀ · sm_scale, masked) V`, where query `i` may only attend to keys `j ≤ i` (`sm_scale` = 0.25). `Q`, `K`, `V` and `O` are fp32 `[heads, seq_len, D]`, contiguous.',
    'Program `(start_m, head)` owns `BLOCK_M` = 16 queries of one head and never builds the whole score matrix. It visits the keys `BLOCK_N` = 16 at a time, keeping per query a running maximum `m_i`, a running sum `l_i` and an unnormalized output `acc`; when the maximum grows, the old sum and output are rescaled by `exp2(m_old − m_new)`. That is the flash-attention forward pass, with exponentials in base 2 as real kernels use.',
    'Causality does two things: key blocks wholly above the diagonal are skipped (the loop stops at the end of this query block), and within the diagonal block the scores with `j > i` are set to −inf before the softmax.',
  ],
  figure:
    'The seq_len × seq_len score matrix as a grid of 16 × 16 blocks, its upper triangle greyed. One row of blocks is outlined for a query block; arrows visit its key blocks left to right and stop at the diagonal block, whose cells above the diagonal are crossed out. Beside it, three running values per query row: m (max), l (sum) and acc.',
  launch: {
    grid: "lambda meta: (triton.cdiv(seq_len, meta['BLOCK_M']), heads)",
    constexprs: { D: HEAD_DIM, BLOCK_M: 16, BLOCK_N: 16 },
    args: [
      {
        name: 'q_ptr',
        kind: 'tensor',
        shape: 'fp32 [heads, seq_len, D]',
        role: 'input',
        note: 'queries',
      },
      {
        name: 'k_ptr',
        kind: 'tensor',
        shape: 'fp32 [heads, seq_len, D]',
        role: 'input',
        note: 'keys',
      },
      {
        name: 'v_ptr',
        kind: 'tensor',
        shape: 'fp32 [heads, seq_len, D]',
        role: 'input',
        note: 'values',
      },
      {
        name: 'o_ptr',
        kind: 'tensor',
        shape: 'fp32 [heads, seq_len, D]',
        role: 'output',
        note: 'output',
      },
      { name: 'seq_len', kind: 'int', shape: 'seq_len', role: 'input', note: 'tokens' },
      { name: 'sm_scale', kind: 'float', shape: 'scalar', role: 'input', note: '1 / sqrt(D)' },
      { name: 'stride_h', kind: 'int', shape: 'q.stride(0)', role: 'input', note: 'seq_len * D' },
      { name: 'stride_s', kind: 'int', shape: 'q.stride(1)', role: 'input', note: 'D' },
    ],
  },
  grid: (s) => (meta) => [cdiv(sizeOf(s, 'seq'), meta.BLOCK_M as number), sizeOf(s, 'heads')],
  workingSize: { heads: 32, seq: 4096 },
  timedSize: { heads: 4, seq: 256 },
  // Causal: each query scores about half the keys; QK^T and PV are 2·D FLOPs per pair each.
  work: (s) => {
    const values = sizeOf(s, 'heads') * sizeOf(s, 'seq') * HEAD_DIM;
    const pairs = (sizeOf(s, 'heads') * sizeOf(s, 'seq') * (sizeOf(s, 'seq') + 1)) / 2;
    return {
      kind: 'matmul',
      precision: 'tf32',
      valuesRead: 3 * values,
      valuesWritten: values,
      flops: 4 * HEAD_DIM * pairs,
    };
  },
  prepare: (s) => {
    const heads = sizeOf(s, 'heads');
    const seq = sizeOf(s, 'seq');
    const n = heads * seq * HEAD_DIM;
    const seed = seedFor(0xb4, s);
    const q = uniform(seed, n, -2, 2);
    const k = uniform(seed + 1, n, -2, 2);
    const v = uniform(seed + 2, n, -1, 1);
    const shape = [heads, seq, HEAD_DIM];
    const o = makeTensor('fp32', shape);
    return {
      args: [
        makeTensor('fp32', shape, q),
        makeTensor('fp32', shape, k),
        makeTensor('fp32', shape, v),
        o,
        seq,
        floatArg(SM_SCALE),
        seq * HEAD_DIM,
        HEAD_DIM,
      ],
      outputs: [
        {
          name: 'o',
          tensor: o,
          expected: causalAttentionRef(q, k, v, heads, seq, HEAD_DIM, SM_SCALE),
        },
      ],
    };
  },
  cases: [
    { size: { heads: 1, seq: 1 }, label: 'heads = 1, seq_len = 1 (one token)' },
    { size: { heads: 2, seq: 5 }, label: 'heads = 2, seq_len = 5 (less than a block)' },
    { size: { heads: 1, seq: 37 }, label: 'heads = 1, seq_len = 37 (three query blocks)' },
    { size: { heads: 2, seq: 20 }, label: 'heads = 2, seq_len = 20 (one past a block)' },
  ],
  tolerance: { absolute: 1e-5, relative: 1e-4 },
  starter: `${HEADER}

@triton.jit
${ATTENTION_SIGNATURE}
${ATTENTION_PROLOGUE}
    for start_n in range(0, seq_len, BLOCK_N):
        cols = start_n + offs_n
        kt = tl.load(k_ptr + base + cols[None, :] * stride_s + offs_d[:, None],
                     mask=cols[None, :] < seq_len, other=0.0)
        qk = tl.dot(q, kt) * qk_scale
        keep = cols[None, :] < seq_len
${ATTENTION_BODY}`,
  starterBug: 'not causal: every query attends to every key, future ones included',
  hints: [
    'One token is right; with more, every output but the last token’s is wrong. The last query is the only one allowed to see every key.',
    'Query `i` may only use keys `j ≤ i`. Add that to the mask: `keep = (offs_m[:, None] >= cols[None, :]) & (cols[None, :] < seq_len)`.',
    'Then stop the loop at the diagonal: key blocks that start after this program’s last query are all masked. `hi = tl.minimum((start_m + 1) * BLOCK_M, seq_len)` and loop over `range(0, hi, BLOCK_N)`.',
  ],
  solution: `${HEADER}

@triton.jit
${ATTENTION_SIGNATURE}
${ATTENTION_PROLOGUE}
    # Causal: no key after this block's last query is needed.
    hi = tl.minimum((start_m + 1) * BLOCK_M, seq_len)
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        kt = tl.load(k_ptr + base + cols[None, :] * stride_s + offs_d[:, None],
                     mask=cols[None, :] < seq_len, other=0.0)
        qk = tl.dot(q, kt) * qk_scale
        keep = (offs_m[:, None] >= cols[None, :]) & (cols[None, :] < seq_len)
${ATTENTION_BODY}`,
};
