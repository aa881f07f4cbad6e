/** Python launches: `kernel[grid](...)` with a tuple grid or a `lambda meta:` grid. */
import { describe, expect, it } from 'vitest';
import { TritonError, makeTensor, runScript, toNumbers } from './index';
import { MATMUL, SOFTMAX, VECTOR_ADD } from './testing/kernels';
import { matmul, maxAbsDiff, randomValues, softmaxRows } from './testing/reference';

describe('launching from Python', () => {
  it('launches with a lambda grid over the meta-parameters', () => {
    const n = 300;
    const xs = randomValues(1, n);
    const ys = randomValues(2, n);
    const x = makeTensor('fp32', [n], xs);
    const y = makeTensor('fp32', [n], ys);
    const output = makeTensor('fp32', [n]);
    const launches = runScript(
      `${VECTOR_ADD}
n_elements = output.numel()
grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']),)
add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=128, num_warps=4)
`,
      { env: { x, y, output } },
    );
    expect(launches).toHaveLength(1);
    expect(launches[0]?.result.grid).toEqual([3, 1, 1]);
    expect(launches[0]?.options).toEqual({ num_warps: 4 });
    expect(toNumbers(output)).toEqual(
      xs.map((v, i) => Math.fround(Math.fround(v) + Math.fround(ys[i] as number))),
    );
  });

  it('launches a softmax with a tuple grid, strides and next_power_of_2', () => {
    const values = randomValues(3, 5 * 19, -2, 2);
    const x = makeTensor('fp32', [5, 19], values);
    const y = makeTensor('fp32', [5, 19]);
    runScript(
      `${SOFTMAX}
n_rows, n_cols = x.shape
BLOCK_SIZE = triton.next_power_of_2(n_cols)
softmax_kernel[(n_rows,)](y, x, x.stride(0), y.stride(0), n_cols, BLOCK_SIZE=BLOCK_SIZE)
`,
      { env: { x, y } },
    );
    expect(maxAbsDiff(toNumbers(y), softmaxRows(values, 5, 19))).toBeLessThan(1e-6);
  });

  it('launches a matmul on a 2-D grid', () => {
    const [m, n, k] = [20, 18, 33];
    const a = makeTensor('fp16', [m, k], randomValues(4, m * k));
    const b = makeTensor('fp16', [k, n], randomValues(5, k * n));
    const c = makeTensor('fp32', [m, n]);
    runScript(
      `${MATMUL}
M, K = a.shape
K, N = b.shape
grid = lambda META: (triton.cdiv(M, META["BLOCK_M"]), triton.cdiv(N, META["BLOCK_N"]))
matmul_kernel[grid](
    a, b, c, M, N, K,
    a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
    BLOCK_M=16, BLOCK_N=16, BLOCK_K=16,
)
`,
      { env: { a, b, c } },
    );
    expect(maxAbsDiff(toNumbers(c), matmul(toNumbers(a), toNumbers(b), m, n, k))).toBeLessThan(
      1e-5,
    );
  });

  it('puts the launch line on a grid error', () => {
    const x = makeTensor('fp32', [4]);
    const run = () =>
      runScript(`${VECTOR_ADD}\nadd_kernel[(1, 1, 1, 1)](x, x, x, 4, BLOCK_SIZE=4)\n`, {
        env: { x },
      });
    expect(run).toThrow(TritonError);
    expect(run).toThrow('line 14: the grid must have 1, 2 or 3 dimensions; got 4: (1, 1, 1, 1)');
  });

  it('refuses host code other than assignments and launches', () => {
    expect(() => runScript(`${VECTOR_ADD}\nfor i in range(3):\n    pass\n`, { env: {} })).toThrow(
      'line 14: A host-side for statement is outside the Triton subset this runtime implements',
    );
  });

  it('names an unknown name in host code', () => {
    expect(() =>
      runScript(`${VECTOR_ADD}\nadd_kernel[(1,)](x, y, out, 4, BLOCK_SIZE=4)\n`, { env: {} }),
    ).toThrow("line 14: name 'x' is not defined");
  });
});
