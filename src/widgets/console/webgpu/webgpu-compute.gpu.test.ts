import { afterAll, describe, expect, it } from 'vitest';
import { acquireNodeGpu, warnIfUnavailable } from '../../../gpu/testing/node-gpu';
import { matmulReference } from '../../../torch/ops-matmul';
import { runLine } from '../../../torch/interpreter';
import { TorchSession } from '../../../torch/session';
import { createWebGpuCompute } from './webgpu-compute';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'console compute');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

function seeded(count: number, seed: number): Float32Array {
  let x = seed;
  return Float32Array.from({ length: count }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 30 - 1;
  });
}

describe.skipIf(!gpu)('console tensor arithmetic on a real WebGPU device', () => {
  const compute = () => createWebGpuCompute(gpu!);

  it('adds, subtracts, multiplies, divides and raises to powers like the CPU', async () => {
    const c = compute();
    const a = seeded(1000, 1);
    const b = seeded(1000, 2).map((v) => v + 3);
    for (const [op, f] of [
      ['add', (x: number, y: number) => x + y],
      ['sub', (x: number, y: number) => x - y],
      ['mul', (x: number, y: number) => x * y],
      ['div', (x: number, y: number) => x / y],
    ] as const) {
      const out = await c.elementwise(op, a, b);
      out.forEach((v, i) => expect(v).toBeCloseTo(f(a[i] ?? 0, b[i] ?? 0), 5));
    }
    const pow = await c.elementwise('pow', Float32Array.of(-2, 2, 9), Float32Array.of(3, 0.5, 0.5));
    expect([...pow].map((v) => Math.round(v * 1e5) / 1e5)).toEqual([-8, 1.41421, 3]);
  });

  it('multiplies batches of matrices like the CPU reference', async () => {
    const dims = { batch: 3, m: 7, k: 33, n: 5 };
    const a = seeded(dims.batch * dims.m * dims.k, 3);
    const b = seeded(dims.batch * dims.k * dims.n, 4);
    const out = await compute().matmul(a, b, dims);
    const reference = matmulReference(
      Float64Array.from(a),
      Float64Array.from(b),
      dims,
      false,
      false,
    );
    expect(out).toHaveLength(reference.length);
    out.forEach((v, i) => expect(v).toBeCloseTo(reference[i] ?? 0, 4));
  });

  it('computes `@` and `+` of CUDA tensors in the console on the device, matching the CPU', async () => {
    const session = new TorchSession({ compute: compute() });
    await runLine(session, 'import torch');
    await runLine(
      session,
      'a = torch.randn(16, 32, device="cuda"); b = torch.randn(32, 8, device="cuda")',
    );
    const gpuResult = await runLine(session, 'c = (a @ b + 1).cpu(); c.tolist()');
    expect(gpuResult.error).toBeNull();
    expect(session.backendResults).toEqual({ computed: 2, mismatched: 0 });
    const cpu = new TorchSession({ compute: null });
    await runLine(cpu, 'import torch');
    await runLine(
      cpu,
      'a = torch.randn(16, 32, device="cuda"); b = torch.randn(32, 8, device="cuda")',
    );
    const cpuResult = await runLine(cpu, 'c = (a @ b + 1).cpu(); c.tolist()');
    const parse = (lines: string[]) =>
      (lines.join('').match(/-?\d+\.\d+(e-?\d+)?/g) ?? []).map(Number);
    const onGpu = parse(gpuResult.output);
    const onCpu = parse(cpuResult.output);
    expect(onGpu).toHaveLength(16 * 8);
    onGpu.forEach((v, i) => expect(v).toBeCloseTo(onCpu[i] ?? 0, 4));
    const c = session.variables.get('c');
    expect(c?.kind === 'tensor' && c.tensor.storage.device.type).toBe('cpu');
  });

  it('handles empty operands without dispatching', async () => {
    expect(
      await compute().elementwise('add', new Float32Array(0), new Float32Array(0)),
    ).toHaveLength(0);
  });
});
