import { describe, expect, it } from 'vitest';
import type { ElementwiseOp, TensorCompute } from './compute';
import { errorOf, outputOf, run, sessionWithTorch } from './testing/run-lines';

describe('arithmetic on small tensors holds real values', () => {
  it('adds, multiplies and divides with broadcasting and promotion', async () => {
    const s = await sessionWithTorch();
    expect(await outputOf(s, 'torch.tensor([[1., 2.], [3., 4.]]) + torch.tensor([10., 20.])')).toBe(
      'tensor([[11., 22.],\n        [13., 24.]])',
    );
    expect(await outputOf(s, 'torch.tensor([1, 2]) * 2')).toBe('tensor([2, 4])');
    expect(await outputOf(s, 'torch.tensor([1, 2]) / 2')).toBe('tensor([0.5000, 1.0000])');
    expect(await outputOf(s, 'torch.tensor([1, 2]) * 1.5')).toBe('tensor([1.5000, 3.0000])');
    expect(await outputOf(s, '-torch.tensor([1., 2.]) ** 2')).toBe('tensor([-1., -4.])');
    expect(await outputOf(s, '(torch.ones(2, dtype=torch.float16) + torch.ones(2)).dtype')).toBe(
      'torch.float32',
    );
  });

  it('multiplies matrices, vectors and batches with @', async () => {
    const s = await sessionWithTorch();
    await run(s, 'a = torch.tensor([[1., 2.], [3., 4.]])', 'v = torch.tensor([1., 1.])');
    expect(await outputOf(s, 'a @ a')).toBe('tensor([[ 7., 10.],\n        [15., 22.]])');
    expect(await outputOf(s, 'a @ v')).toBe('tensor([3., 7.])');
    expect(await outputOf(s, 'v @ a')).toBe('tensor([4., 6.])');
    expect(await outputOf(s, 'v @ v')).toBe('tensor(2.)');
    expect(await outputOf(s, '(torch.ones(3, 2, 4) @ torch.ones(4, 5)).shape')).toBe(
      'torch.Size([3, 2, 5])',
    );
    expect(await outputOf(s, '(torch.ones(3, 2, 4) @ torch.ones(3, 4, 5)).shape')).toBe(
      'torch.Size([3, 2, 5])',
    );
    expect(await errorOf(s, 'torch.ones(3) @ 2')).toBe(
      "TypeError: unsupported operand type(s) for @: 'Tensor' and 'int'",
    );
    expect(
      await errorOf(
        s,
        'torch.ones(2, 2, dtype=torch.int64, device="cuda") @ torch.ones(2, 2, dtype=torch.int64, device="cuda")',
      ),
    ).toBe(`RuntimeError: "addmm_cuda" not implemented for 'Long'`);
  });

  it('runs nn.Linear forward as x @ W.T + b, with PyTorch messages on bad inputs', async () => {
    const s = await sessionWithTorch();
    await run(s, 'layer = nn.Linear(2, 1)');
    const weight =
      (await outputOf(s, 'layer.weight.tolist()')).match(/-?\d\.\d+(e-\d+)?/g)?.map(Number) ?? [];
    const bias = Number(await outputOf(s, 'layer.bias.item()'));
    const y = Number(await outputOf(s, 'layer(torch.tensor([[1., 2.]])).item()'));
    expect(y).toBeCloseTo((weight[0] ?? 0) + 2 * (weight[1] ?? 0) + bias, 5);
    expect(await outputOf(s, 'layer(torch.ones(5, 2)).shape')).toBe('torch.Size([5, 1])');
    expect(await errorOf(s, 'layer(torch.ones(32, 100))')).toBe(
      'RuntimeError: mat1 and mat2 shapes cannot be multiplied (32x100 and 2x1)',
    );
    await run(s, 'layer = layer.to("cuda")');
    expect(await errorOf(s, 'layer(torch.ones(4, 2))')).toBe(
      'RuntimeError: Expected all tensors to be on the same device, but got mat1 is on cpu, different from other tensors on cuda:0 (when checking argument in method wrapper_CUDA_addmm)',
    );
  });

  it('results of huge operands keep shapes but no values', async () => {
    const s = await sessionWithTorch();
    await run(s, 'w = torch.randn(512, 512, device="cuda")', 'y = w @ w');
    expect(await outputOf(s, 'y.shape, y.device')).toBe(
      "(torch.Size([512, 512]), device(type='cuda', index=0))",
    );
    expect(s.storages.size).toBe(2);
  });
});

/** A backend that adds a tiny error, to see that results come from it and are checked. */
function fakeBackend(offset: number): TensorCompute & { calls: string[] } {
  const calls: string[] = [];
  const apply = (op: ElementwiseOp, x: number, y: number) =>
    op === 'add'
      ? x + y
      : op === 'sub'
        ? x - y
        : op === 'mul'
          ? x * y
          : op === 'div'
            ? x / y
            : x ** y;
  return {
    calls,
    description: 'fake',
    async elementwise(op, a, b) {
      calls.push(op);
      const values = a.map((x, i) => apply(op, x, b[i] ?? 0) + offset);
      return { values, secondsPerLaunch: 2e-5, timing: 'completion' };
    },
    async matmul(a, b, { batch, m, k, n }) {
      calls.push('matmul');
      const out = new Float32Array(batch * m * n);
      for (let p = 0; p < batch; p++)
        for (let i = 0; i < m; i++)
          for (let j = 0; j < n; j++) {
            let sum = 0;
            for (let q = 0; q < k; q++)
              sum += (a[p * m * k + i * k + q] ?? 0) * (b[p * k * n + q * n + j] ?? 0);
            out[p * m * n + i * n + j] = sum + offset;
          }
      return { values: out, secondsPerLaunch: 3e-5, timing: 'timestamp-query' };
    },
  };
}

describe('CUDA tensor values from a compute backend', () => {
  it('uses the backend for float CUDA tensors only, and checks it against the CPU', async () => {
    const backend = fakeBackend(1e-6);
    const s = await sessionWithTorch({ compute: backend });
    await run(s, 'a = torch.ones(2, 2, device="cuda")', 'b = a @ a + a');
    expect(backend.calls).toEqual(['matmul', 'add']);
    expect(s.backendResults).toEqual({ computed: 2, mismatched: 0 });
    await run(
      s,
      'c = torch.ones(2) + torch.ones(2)',
      'd = torch.tensor([1, 2], device="cuda") * 2',
    );
    expect(backend.calls).toHaveLength(2);
  });

  it('keeps the CPU value and counts a mismatch when the backend disagrees', async () => {
    const s = await sessionWithTorch({ compute: fakeBackend(0.5) });
    expect(await outputOf(s, 'torch.ones(2, device="cuda") + 1')).toBe(
      "tensor([2., 2.], device='cuda:0')",
    );
    expect(s.backendResults).toEqual({ computed: 1, mismatched: 1 });
  });
});
