import { afterAll, describe, expect, it } from 'vitest';
import { runKernelOnce } from '../measure/measure-kernel';
import { acquireNodeGpu, warnIfUnavailable } from '../testing/node-gpu';
import { describeF32Check } from '../../compute/verify-f32';
import { BINARY_OPS } from './binary-elementwise/binary-elementwise';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'tensor kernels');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

/** Deterministic values in [-1, 1). */
function seeded(count: number, seed: number): Float32Array<ArrayBuffer> {
  let x = seed;
  return Float32Array.from({ length: count }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 30 - 1;
  });
}

describe.skipIf(!gpu)('the console’s tensor kernels on real WebGPU', () => {
  for (const op of BINARY_OPS) {
    it(`computes a ${op} b within the kernel's bound of its CPU reference`, async () => {
      const a = op === 'pow' ? seeded(1000, 1).map(Math.abs) : seeded(1000, 1);
      const b = seeded(1000, 2).map((v) => v + 3);
      const run = await runKernelOnce(gpu!, 'binary-elementwise', { op, a, b });
      expect(run.check.ok, describeF32Check(run.check)).toBe(true);
      expect(run.check.checked).toBe(1000);
      expect(run.plan.descriptor).toMatchObject({ bytesRead: 8000, bytesWritten: 4000 });
    });
  }

  it('keeps PyTorch’s sign rule for negative bases and gives NaN where it should', async () => {
    const run = await runKernelOnce(gpu!, 'binary-elementwise', {
      op: 'pow',
      a: Float32Array.of(-2, -2, 2, -8),
      b: Float32Array.of(3, 2, 0.5, 1 / 3),
    });
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    expect(run.output[0]).toBe(-8);
    expect(run.output[1]).toBe(4);
    expect(Number.isNaN(run.output[3])).toBe(true);
  });

  it('multiplies batches of matrices within the dot-product bound', async () => {
    const dims = { batch: 3, m: 7, k: 33, n: 5 };
    const a = seeded(dims.batch * dims.m * dims.k, 3);
    const b = seeded(dims.batch * dims.k * dims.n, 4);
    const run = await runKernelOnce(gpu!, 'batched-matmul', { a, b, dims });
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    expect(run.output).toHaveLength(3 * 7 * 5);
    expect(run.plan.descriptor.flops).toBe(2 * 3 * 7 * 5 * 33);
  });

  it('refuses operands that do not match, naming the problem', async () => {
    await expect(
      runKernelOnce(gpu!, 'batched-matmul', {
        a: new Float32Array(6),
        b: new Float32Array(6),
        dims: { batch: 1, m: 2, k: 2, n: 3 },
      }),
    ).rejects.toThrow(/operand sizes do not match/);
  });
});
