import { describe, expect, it } from 'vitest';
import { getGpu } from '../engine/catalog';
import { run, sessionWithTorch } from './testing/run-lines';
import {
  batchedMatmulLaunchDescriptor,
  elementwiseLaunchDescriptor,
  modelLaunch,
  precisionOf,
} from './kernel-launch';

describe('CUDA kernel launches in the console', () => {
  it('runs each dtype at the engine precision it uses, and does not model float64', () => {
    expect(precisionOf('float32')).toBe('fp32');
    expect(precisionOf('bfloat16')).toBe('bf16');
    expect(precisionOf('float16')).toBe('fp16');
    expect(precisionOf('int64')).toBe('fp32');
    expect(precisionOf('float64')).toBeNull();
    expect(modelLaunch(getGpu('a100-sxm-80gb'), null, 'float64')).toEqual({
      seconds: null,
      reason: 'the catalog has no float64 rates for this GPU',
    });
  });

  it('models an elementwise kernel from the bytes it reads and writes', () => {
    const d = elementwiseLaunchDescriptor('add', 8000, 1000, 'fp32', 'float32');
    expect(d).toMatchObject({ bytesRead: 8000, bytesWritten: 4000, flops: 1000 });
    const gpu = getGpu('h100-sxm');
    // 12 KB and 1,000 FLOPs are nothing to an H100: the time is its launch overhead.
    const launch = modelLaunch(gpu, d, 'float32');
    expect(launch).toMatchObject({ bound: 'overhead', gpuName: 'NVIDIA H100 SXM' });
    const overhead = gpu.launchOverheadSeconds.value;
    expect(launch.seconds).toBeGreaterThanOrEqual(overhead);
    expect(launch.seconds).toBeLessThan(1.01 * overhead);
  });

  it('scales a matmul by its batch', () => {
    const one = batchedMatmulLaunchDescriptor({ batch: 1, m: 64, k: 32, n: 16 }, 'fp16');
    const four = batchedMatmulLaunchDescriptor({ batch: 4, m: 64, k: 32, n: 16 }, 'fp16');
    expect(four.flops).toBe(4 * one.flops);
    expect(four.bytesRead).toBe(4 * one.bytesRead);
  });

  it('records every CUDA launch of a line, big tensors included, and none on the CPU', async () => {
    const session = await sessionWithTorch();
    const result = await run(
      session,
      'a = torch.ones(4096, 4096, device="cuda"); b = a @ a; c = a * 2; d = torch.ones(3) + 1',
    );
    expect(result.launches.map((l) => [l.op, l.outputElements])).toEqual([
      ['mm', 4096 * 4096],
      ['mul', 4096 * 4096],
    ]);
    const mm = result.launches[0]!;
    // 2·4096³ FLOPs on FP32 lanes (a float32 matmul, no tensor cores): no faster than the
    // A100's 19.5 TFLOP/s FP32 peak allows, and faster than 80 % of that peak would be.
    const atPeak = (2 * 4096 ** 3) / 19.5e12;
    expect(mm.modeled).toMatchObject({ bound: 'compute' });
    expect(mm.modeled.seconds).toBeGreaterThan(atPeak);
    expect(mm.modeled.seconds).toBeLessThan(atPeak / 0.8);
    expect(mm.measured).toBeNull();
  });
});
