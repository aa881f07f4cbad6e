import { describe, expect, it } from 'vitest';
import {
  copyDescriptor,
  elementwiseDescriptor,
  matmulDescriptor,
  reductionDescriptor,
  type KernelDescriptor,
} from './descriptor';
import { predictKernel, predictKernelOn } from './kernel';
import { getGpu, GPU_IDS } from '../catalog/hardware';
import { gpuFromMeasuredRoofs, missingRoofs, predictKernelOnMeasured } from './measured-device';

/** Roofs of the shape SwiftShader gives on two cores: 2 GB/s, 20 GFLOP/s, 30 µs a dispatch. */
const swiftShader = gpuFromMeasuredRoofs({
  name: 'google · swiftshader',
  bytesPerSecond: 2e9,
  fmaFlopsPerSecond: 2e10,
  launchOverheadSeconds: 30e-6,
  software: true,
});

function predicted(descriptor: KernelDescriptor) {
  const result = predictKernelOnMeasured(swiftShader, descriptor);
  if (!result.ok) throw new Error(result.message);
  return result.prediction;
}

describe('gpuFromMeasuredRoofs', () => {
  it('keeps the measured roofs as they are and marks what was not measured as absent', () => {
    expect(swiftShader).toEqual({
      kind: 'measured',
      name: 'google · swiftshader',
      bytesPerSecond: 2e9,
      fmaFlopsPerSecond: 2e10,
      launchOverheadSeconds: 30e-6,
      software: true,
    });
    const partial = gpuFromMeasuredRoofs({ name: ' my GPU ', bytesPerSecond: 1e11 });
    expect(partial).toMatchObject({
      name: 'my GPU',
      fmaFlopsPerSecond: null,
      launchOverheadSeconds: null,
      software: false,
    });
    expect(missingRoofs(partial)).toEqual(['fma', 'launch overhead']);
    expect(missingRoofs(swiftShader)).toEqual([]);
  });

  it('refuses a nameless device, roofs that are not finite and positive, and a bad flag', () => {
    const ok = { name: 'x', bytesPerSecond: 1, fmaFlopsPerSecond: 1, launchOverheadSeconds: 0 };
    expect(() => gpuFromMeasuredRoofs(ok)).not.toThrow();
    expect(() => gpuFromMeasuredRoofs({ ...ok, name: '  ' })).toThrow(/needs a name/);
    for (const bad of [0, -1, NaN, Infinity]) {
      expect(() => gpuFromMeasuredRoofs({ ...ok, bytesPerSecond: bad })).toThrow(/bytesPerSecond/);
      expect(() => gpuFromMeasuredRoofs({ ...ok, fmaFlopsPerSecond: bad })).toThrow(
        /fmaFlopsPerSecond/,
      );
    }
    for (const bad of [-1e-6, NaN, Infinity]) {
      expect(() => gpuFromMeasuredRoofs({ ...ok, launchOverheadSeconds: bad })).toThrow(
        /launchOverheadSeconds/,
      );
    }
    expect(() => gpuFromMeasuredRoofs({ ...ok, software: 'yes' as unknown as boolean })).toThrow(
      /software/,
    );
  });
});

describe('predictKernelOnMeasured', () => {
  it('is launch + bytes / measured bandwidth for streaming work', () => {
    const d = elementwiseDescriptor(1 << 24, 'fp32', 1);
    const p = predicted(d);
    const bytes = d.bytesRead + d.bytesWritten;
    expect(p.seconds).toBeCloseTo(30e-6 + bytes / 2e9, 15);
    expect(p).toMatchObject({
      bound: 'memory',
      memorySeconds: bytes / 2e9,
      computeSeconds: d.flops / 2e10,
      launchSeconds: 30e-6,
      bytesPerSecond: 2e9,
      flopsPerSecond: 2e10,
      waveUtilization: 1,
      waves: null,
    });
  });

  it('is launch + FLOPs / measured FMA rate for arithmetic-heavy work, matmul included', () => {
    const d = matmulDescriptor(512, 512, 512, 'fp32');
    const p = predicted(d);
    expect(p.bound).toBe('compute');
    expect(p.seconds).toBeCloseTo(30e-6 + (2 * 512 ** 3) / 2e10, 15);
    expect(p.unit).toBe('cuda-core');
  });

  it('equals max(bytes / bandwidth, FLOPs / FMA) + launch for every kind, geometry ignored', () => {
    const descriptors: KernelDescriptor[] = [
      copyDescriptor(1 << 20),
      reductionDescriptor(1 << 20, 'fp32'),
      { ...matmulDescriptor(64, 48, 80, 'fp32'), threadsPerBlock: 256, blocks: 3 },
      { name: 'fma', kind: 'other', precision: 'fp32', bytesRead: 0, bytesWritten: 4, flops: 1e9 },
    ];
    for (const d of descriptors) {
      const expected = 30e-6 + Math.max((d.bytesRead + d.bytesWritten) / 2e9, d.flops / 2e10);
      expect(predicted(d).seconds, d.name).toBeCloseTo(expected, 15);
    }
  });

  it('calls a tiny kernel launch bound', () => {
    expect(predicted(elementwiseDescriptor(1, 'fp32', 1)).bound).toBe('overhead');
  });

  it('says to measure first when a roof is absent, naming what is missing', () => {
    const none = gpuFromMeasuredRoofs({ name: 'this GPU' });
    const result = predictKernelOnMeasured(none, copyDescriptor(1024));
    expect(result).toEqual({
      ok: false,
      missing: ['bandwidth', 'fma', 'launch overhead'],
      message:
        'Measure the roofs first: the memory bandwidth, FMA throughput, launch overhead of this GPU have not been measured.',
    });
    const noLaunch = gpuFromMeasuredRoofs({
      name: 'this GPU',
      bytesPerSecond: 1e9,
      fmaFlopsPerSecond: 1e9,
    });
    expect(predictKernelOnMeasured(noLaunch, copyDescriptor(1024))).toMatchObject({
      ok: false,
      missing: ['launch overhead'],
      message: expect.stringMatching(/^Measure the roofs first: the launch overhead .* has not/),
    });
  });

  it('predicts no precision it did not measure', () => {
    const result = predictKernelOnMeasured(swiftShader, matmulDescriptor(64, 64, 64, 'bf16'));
    expect(result).toMatchObject({ ok: false, missing: [] });
    expect(result.ok ? '' : result.message).toMatch(/Only FP32.*bf16/);
  });

  it('refuses a descriptor that is not valid, as the catalog path does', () => {
    const bad = { ...copyDescriptor(16), bytesRead: -1 };
    expect(() => predictKernelOnMeasured(swiftShader, bad)).toThrow(RangeError);
    expect(() => predictKernel('t4', bad)).toThrow(RangeError);
  });
});

describe('the catalog path after sharing the roofline core', () => {
  it('still predicts every catalog GPU from its own figures and efficiencies', () => {
    const d = elementwiseDescriptor(1 << 26, 'fp32', 1);
    for (const id of GPU_IDS) {
      const gpu = getGpu(id);
      const bandwidth = gpu.memoryBytesPerSecond.value * gpu.achievable.memory.value;
      const p = predictKernel(id, d);
      expect(p.seconds, id).toBeCloseTo(
        gpu.launchOverheadSeconds.value + (d.bytesRead + d.bytesWritten) / bandwidth,
        15,
      );
      expect(predictKernelOn(gpu, d)).toEqual(p);
    }
  });

  it('still applies the wave tail of launch geometry on a catalog GPU', () => {
    const d = matmulDescriptor(8192, 8192, 8192, 'bf16');
    const p = predictKernel('h100-sxm', d);
    expect(p.waves).not.toBeNull();
    expect(p.waveUtilization).toBeLessThanOrEqual(1);
    expect(p.computeSeconds).toBeCloseTo(d.flops / p.flopsPerSecond / p.waveUtilization, 15);
  });
});
