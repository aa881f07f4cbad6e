import { afterAll, describe, expect, it } from 'vitest';
import { acquireNodeGpu, warnIfUnavailable } from '../gpu/testing/node-gpu';
import { runLine, TorchSession } from '../torch';
import { createWebGpuCompute } from './webgpu-tensor-compute';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'console compute');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

/** Runs the same lines in two sessions, one with WebGPU compute and one without. */
async function runBoth(lines: string[]) {
  const onGpu = new TorchSession({ compute: createWebGpuCompute(gpu!) });
  const onCpu = new TorchSession({ compute: null });
  let last = {
    gpu: await runLine(onGpu, 'import torch'),
    cpu: await runLine(onCpu, 'import torch'),
  };
  for (const line of lines)
    last = { gpu: await runLine(onGpu, line), cpu: await runLine(onCpu, line) };
  return { onGpu, last };
}

describe.skipIf(!gpu)('the console computing on a real WebGPU device', () => {
  it('computes `@` and `+` of CUDA tensors on the device, matching the CPU', async () => {
    const { onGpu, last } = await runBoth([
      'a = torch.randn(16, 32, device="cuda"); b = torch.randn(32, 8, device="cuda")',
      'c = (a @ b + 1).cpu(); c.tolist()',
    ]);
    expect(last.gpu.error).toBeNull();
    expect(onGpu.backendResults).toEqual({ computed: 2, mismatched: 0 });
    const numbers = (lines: string[]) =>
      (lines.join('').match(/-?\d+\.\d+(e-?\d+)?/g) ?? []).map(Number);
    const gpuValues = numbers(last.gpu.output);
    expect(gpuValues).toHaveLength(16 * 8);
    gpuValues.forEach((v, i) => expect(v).toBeCloseTo(numbers(last.cpu.output)[i] ?? 0, 4));
  });

  it('reports each CUDA launch modeled on the simulated GPU and measured on this device', async () => {
    const { last } = await runBoth(['x = torch.randn(64, 64, device="cuda")', 'y = x * 2 + x']);
    expect(last.gpu.launches.map((l) => l.op)).toEqual(['mul', 'add']);
    for (const launch of last.gpu.launches) {
      expect(launch.modeled.seconds).toBeGreaterThan(0);
      expect(launch.measured?.seconds).toBeGreaterThan(0);
    }
    // Without a device the same launches are modeled, never measured.
    expect(last.cpu.launches.map((l) => l.measured)).toEqual([null, null]);
  });
});
