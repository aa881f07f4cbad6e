/**
 * The Triton reference kernels compiled to WGSL and run on real WebGPU (Dawn in Node, SwiftShader
 * on machines without a GPU), against the interpreter on the same seeded data at awkward sizes.
 * Sums differ in order between the two (a tree on the GPU), so floats agree within tolerances.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  floatArg,
  makeTensor,
  runKernel,
  toNumbers,
  TritonError,
  type LaunchOptions,
  type TritonTensor,
} from '../triton/index';
import {
  FLASH_ATTENTION,
  LAYER_NORM,
  MATMUL,
  SOFTMAX,
  VECTOR_ADD,
} from '../triton/testing/kernels';
import { maxAbsDiff, randomValues } from '../triton/testing/reference';
import { acquireNodeGpu, warnIfUnavailable } from './testing/node-gpu';
import { runTritonOnGpu } from './triton-runner';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'triton on WebGPU');
const gpu = acquisition.ok ? acquisition.gpu : undefined;
afterAll(() => gpu?.device.destroy());

const cdiv = (a: number, b: number) => Math.ceil(a / b);

/** A fresh copy of a tensor, so both back ends start from the same data. */
function copy(t: TritonTensor): TritonTensor {
  return { ...t, data: t.data.slice() };
}

/**
 * Runs `source` on both back ends with copies of the same tensors; returns each one's numbers
 * of the tensor at `outIndex` of `tensors`.
 */
async function both(
  source: string,
  tensors: TritonTensor[],
  outIndex: number,
  options: (ts: TritonTensor[]) => LaunchOptions,
  workgroupSize?: number,
): Promise<{ gpu: number[]; cpu: number[] }> {
  const cpuTensors = tensors.map(copy);
  runKernel(source, options(cpuTensors));
  const gpuTensors = tensors.map(copy);
  await runTritonOnGpu(gpu!.device, source, { ...options(gpuTensors), workgroupSize });
  return { gpu: toNumbers(gpuTensors[outIndex]!), cpu: toNumbers(cpuTensors[outIndex]!) };
}

describe.skipIf(!gpu)('Triton kernels on WebGPU agree with the interpreter', () => {
  it('vector add, 1000 elements in blocks of 128 (exactly)', async () => {
    const n = 1000;
    const ts = [
      makeTensor('fp32', [n], randomValues(1, n)),
      makeTensor('fp32', [n], randomValues(2, n)),
      makeTensor('fp32', [n]),
    ];
    const r = await both(VECTOR_ADD, ts, 2, ([x, y, out]) => ({
      grid: (meta) => [cdiv(n, meta.BLOCK_SIZE as number)],
      args: [x!, y!, out!, n],
      constexprs: { BLOCK_SIZE: 128 },
    }));
    expect(r.gpu).toEqual(r.cpu);
  });

  it('fused softmax, 7 rows of 37 (and rows of negatives only)', async () => {
    const rows = 7;
    const cols = 37;
    const ts = [
      makeTensor('fp32', [rows, cols]),
      makeTensor('fp32', [rows, cols], randomValues(7, rows * cols, -4, -0.5)),
    ];
    const r = await both(
      SOFTMAX,
      ts,
      0,
      ([out, x]) => ({
        grid: [rows],
        args: {
          out_ptr: out!,
          in_ptr: x!,
          in_row_stride: cols,
          out_row_stride: cols,
          n_cols: cols,
        },
        constexprs: { BLOCK_SIZE: 64 },
      }),
      32,
    );
    expect(maxAbsDiff(r.gpu, r.cpu)).toBeLessThan(1e-6);
  });

  it('layer norm, 5 rows of 100 in blocks of 32 (three loops)', async () => {
    const rows = 5;
    const n = 100;
    const ts = [
      makeTensor('fp32', [rows, n], randomValues(11, rows * n, -2, 3)),
      makeTensor('fp32', [rows, n]),
      makeTensor('fp32', [n], randomValues(12, n, 0.5, 1.5)),
      makeTensor('fp32', [n], randomValues(13, n)),
    ];
    const r = await both(LAYER_NORM, ts, 1, ([x, y, w, b]) => ({
      grid: [rows],
      args: [x!, y!, w!, b!, n, n, floatArg(1e-5)],
      constexprs: { BLOCK_SIZE: 32 },
    }));
    expect(maxAbsDiff(r.gpu, r.cpu)).toBeLessThan(1e-5);
  });

  for (const [dtype, m, n, k] of [
    ['fp32', 37, 45, 50],
    ['fp16', 33, 17, 70],
  ] as const) {
    it(`tl.dot matmul, ${dtype} ${m}x${k} by ${k}x${n}, fp32 accumulation`, async () => {
      const ts = [
        makeTensor(dtype, [m, k], randomValues(21, m * k)),
        makeTensor(dtype, [k, n], randomValues(22, k * n)),
        makeTensor('fp32', [m, n]),
      ];
      const r = await both(MATMUL, ts, 2, ([a, b, c]) => ({
        grid: (meta) => [cdiv(m, meta.BLOCK_M as number), cdiv(n, meta.BLOCK_N as number)],
        args: [a!, b!, c!, m, n, k, k, 1, n, 1, n, 1],
        constexprs: { BLOCK_M: 16, BLOCK_N: 16, BLOCK_K: 16 },
      }));
      expect(maxAbsDiff(r.gpu, r.cpu)).toBeLessThan(1e-5);
    });
  }

  // The two tl.dot layouts: a workgroup as wide as the tile or wider (one B column per
  // invocation), and one narrower than it (N / W columns of every row per invocation).
  for (const { m, n, k, tile, invocations, what } of [
    { m: 70, n: 90, k: 33, tile: [32, 64, 16], invocations: 128, what: 'one B column each' },
    { m: 70, n: 150, k: 33, tile: [64, 128, 16], invocations: 32, what: 'four B columns each' },
  ]) {
    const [bm, bn, bk] = tile as [number, number, number];
    it(`tl.dot matmul ${m}x${k} by ${k}x${n} in ${bm}x${bn} tiles on ${invocations} invocations (${what})`, async () => {
      const ts = [
        makeTensor('fp32', [m, k], randomValues(23, m * k)),
        makeTensor('fp32', [k, n], randomValues(24, k * n)),
        makeTensor('fp32', [m, n]),
      ];
      const r = await both(
        MATMUL,
        ts,
        2,
        ([a, b, c]) => ({
          grid: (meta) => [cdiv(m, meta.BLOCK_M as number), cdiv(n, meta.BLOCK_N as number)],
          args: [a!, b!, c!, m, n, k, k, 1, n, 1, n, 1],
          constexprs: { BLOCK_M: bm, BLOCK_N: bn, BLOCK_K: bk },
        }),
        invocations,
      );
      expect(maxAbsDiff(r.gpu, r.cpu)).toBeLessThan(1e-5);
    });
  }

  it('causal flash attention, 2 heads of 37 tokens, fp16 q, k, v', async () => {
    const heads = 2;
    const s = 37;
    const d = 16;
    const ts = [
      makeTensor('fp16', [heads, s, d], randomValues(31, heads * s * d)),
      makeTensor('fp16', [heads, s, d], randomValues(32, heads * s * d)),
      makeTensor('fp16', [heads, s, d], randomValues(33, heads * s * d)),
      makeTensor('fp32', [heads, s, d]),
    ];
    const r = await both(FLASH_ATTENTION, ts, 3, ([q, k, v, o]) => ({
      grid: (meta) => [cdiv(s, meta.BLOCK_M as number), heads],
      args: [q!, k!, v!, o!, s, floatArg(1 / Math.sqrt(d)), s * d, d],
      constexprs: { D: d, BLOCK_M: 16, BLOCK_N: 16 },
    }));
    // exp2 and the fp16 rounding of p may differ in the last bit between the two.
    expect(maxAbsDiff(r.gpu, r.cpu)).toBeLessThan(2e-3);
  });
});

const REDUCTIONS = `import triton
import triton.language as tl

@triton.jit
def reductions(x_ptr, out_ptr, idx_ptr, total_ptr, R, C, BR: tl.constexpr, BC: tl.constexpr):
    rows = tl.arange(0, BR)
    cols = tl.arange(0, BC)
    mask = (rows[:, None] < R) & (cols[None, :] < C)
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=mask, other=-float('inf'))
    best = tl.argmax(x, axis=1)
    tl.store(idx_ptr + rows, best, mask=rows < R)
    low = tl.min(tl.where(mask, x, float('inf')), axis=0)
    tl.store(out_ptr + cols, low, mask=cols < C)
    run = tl.cumsum(tl.where(mask, x, 0.0), axis=1)
    tl.store(out_ptr + C + rows[:, None] * C + cols[None, :], run, mask=mask)
    tl.atomic_add(total_ptr + cols * 0, tl.where(cols < C, 1.0, 0.0))
`;

describe.skipIf(!gpu)('argmax, min along an axis, cumsum and atomic_add on WebGPU', () => {
  it('agree with the interpreter on a 5 x 11 block in 8 x 16 (4 programs adding atomically)', async () => {
    const [r, c] = [5, 11];
    const values = randomValues(41, r * c, -3, 3);
    values[3] = values[7]!; // a tie in row 0
    const ts = [
      makeTensor('fp32', [r, c], values),
      makeTensor('fp32', [c + r * c]),
      makeTensor('int32', [r]),
      makeTensor('fp32', [1]),
    ];
    const launch = ([x, out, idx, total]: TritonTensor[]): LaunchOptions => ({
      grid: [4],
      args: [x!, out!, idx!, total!, r, c],
      constexprs: { BR: 8, BC: 16 },
    });
    const cpu = ts.map(copy);
    runKernel(REDUCTIONS, launch(cpu));
    const gpuTs = ts.map(copy);
    await runTritonOnGpu(gpu!.device, REDUCTIONS, { ...launch(gpuTs), workgroupSize: 32 });
    expect(toNumbers(gpuTs[2]!)).toEqual(toNumbers(cpu[2]!));
    expect(maxAbsDiff(toNumbers(gpuTs[1]!), toNumbers(cpu[1]!))).toBeLessThan(1e-6);
    expect(toNumbers(gpuTs[3]!)).toEqual([4 * c]);
  });
});

describe.skipIf(!gpu)('Triton errors on WebGPU', () => {
  it('reports the first out-of-bounds load as the interpreter words it', async () => {
    const source = VECTOR_ADD.replace(', mask=mask)\n    y', ')\n    y');
    const x = makeTensor('fp32', [100]);
    const launch = {
      grid: [4],
      args: [x, makeTensor('fp32', [100]), makeTensor('fp32', [100]), 100],
      constexprs: { BLOCK_SIZE: 32 },
    };
    const cpu = (() => {
      try {
        runKernel(source, launch);
      } catch (e) {
        return e as TritonError;
      }
      return null;
    })();
    const err = await runTritonOnGpu(gpu!.device, source, launch).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TritonError);
    expect((err as TritonError).line).toBe(cpu?.line);
    expect((err as TritonError).message).toMatch(
      /tl\.load in program \(3, 0, 0\) reads x_ptr at offset \d+, past the end of its 100 elements \(lane \d+ of a \[32\] block; this load has no mask\)/,
    );
  });

  it('stops a loop over its budget', async () => {
    const x = makeTensor('fp32', [64]);
    const err = await runTritonOnGpu(gpu!.device, LAYER_NORM, {
      grid: [1],
      args: [
        x,
        makeTensor('fp32', [64]),
        makeTensor('fp32', [64]),
        makeTensor('fp32', [64]),
        64,
        64,
        floatArg(1e-5),
      ],
      constexprs: { BLOCK_SIZE: 16 },
      maxIterations: 5,
    }).catch((e: unknown) => e);
    expect((err as TritonError).kind).toBe('budget');
    expect((err as TritonError).message).toMatch(
      /line \d+: the loop in program \(0, 0, 0\) would run 4 iterations, past the GPU back end's budget of 5/,
    );
  });
});
