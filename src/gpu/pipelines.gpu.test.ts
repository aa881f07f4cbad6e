import { afterAll, describe, expect, it } from 'vitest';
import { defineShader, type KernelShader } from './kernel-shader';
import { matmulF32TwinShader } from './kernels/matmul-f16';
import { KERNELS } from './kernels/registry';
import { reluKernel } from './kernels/relu';
import { buildPipeline, compileKernel, getPipeline, pipelineCacheSize } from './pipelines';
import { acquireNodeGpu, warnIfUnavailable } from './testing/node-gpu';

const acquisition = await acquireNodeGpu({ optionalFeatures: ['shader-f16', 'subgroups'] });
warnIfUnavailable(acquisition, 'pipeline cache');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

/** A one-entry shader around `source`, for failure paths. */
function kernelFrom(name: string, source: string): KernelShader {
  return defineShader({
    name,
    label: name,
    wgsl: source,
    entryPoints: { main: { bindings: [], overrides: [] } },
    bindings: [],
    sharedConstants: {},
  });
}

/** The WGSL extensions a device feature enables, by the feature's name. */
const FEATURE_OF_EXTENSION: Readonly<Record<string, GPUFeatureName>> = {
  f16: 'shader-f16',
  subgroups: 'subgroups',
  chromium_experimental_subgroup_matrix: 'chromium-experimental-subgroup-matrix' as GPUFeatureName,
};

/** The device features a kernel's WGSL enables. */
function featuresOf(kernel: KernelShader): GPUFeatureName[] {
  return [...kernel.source.matchAll(/^enable (\w+);/gm)].map(
    (m) => FEATURE_OF_EXTENSION[m[1]!] ?? (m[1] as GPUFeatureName),
  );
}

describe.skipIf(!gpu)('the composed kernel modules on real WebGPU', () => {
  // The composed source is what the lab shows: every one must compile as it stands.
  for (const kernel of [...KERNELS, matmulF32TwinShader] as KernelShader[]) {
    const missing = featuresOf(kernel).filter((f) => !gpu?.device.features.has(f));
    it.skipIf(missing.length > 0)(
      `compiles ${kernel.name}${missing.length > 0 ? ` (skipped: this adapter has no "${missing.join('", "')}")` : ''}`,
      async () => {
        await expect(compileKernel(gpu!.device, kernel)).resolves.toBeDefined();
      },
    );
  }
});

describe.skipIf(!gpu)('the pipeline cache on real WebGPU', () => {
  it('builds a pipeline once per kernel, entry point and constants, and shares it', async () => {
    const device = gpu!.device;
    const request = {
      kernel: reluKernel,
      entryPoint: 'relu_f32',
      constants: { WORKGROUP_SIZE: 32 },
    };
    const first = await getPipeline(device, request);
    expect(await getPipeline(device, { ...request, constants: { WORKGROUP_SIZE: 32 } })).toBe(
      first,
    );
    const other = await getPipeline(device, { ...request, constants: { WORKGROUP_SIZE: 64 } });
    expect(other).not.toBe(first);
    // One shader module serves both pipelines.
    expect(pipelineCacheSize(device)).toEqual({ modules: 1, pipelines: 2 });
  });

  it('quotes the compiler when a shader does not compile, and retries later', async () => {
    const device = gpu!.device;
    const broken = kernelFrom('broken', 'fn main( {');
    await expect(buildPipeline(device, { kernel: broken, entryPoint: 'main' })).rejects.toThrow(
      /The broken shader did not compile: line 1/,
    );
    await expect(getPipeline(device, { kernel: broken, entryPoint: 'main' })).rejects.toThrow(
      /did not compile/,
    );
    const before = pipelineCacheSize(device);
    const fixed = kernelFrom('broken', '@compute @workgroup_size(1) fn main() {}');
    await expect(getPipeline(device, { kernel: fixed, entryPoint: 'main' })).resolves.toBeDefined();
    expect(pipelineCacheSize(device).pipelines).toBe(before.pipelines + 1);
  });

  it('refuses an entry point or an override the record does not declare, naming it', async () => {
    const device = gpu!.device;
    await expect(getPipeline(device, { kernel: reluKernel, entryPoint: 'gelu' })).rejects.toThrow(
      /ReLU kernel has no entry point "gelu" \(it has: relu_vec4, relu_f32\)/,
    );
    await expect(
      getPipeline(device, {
        kernel: reluKernel,
        entryPoint: 'relu_f32',
        constants: { VEC4S_PER_INVOCATION: 4 },
      }),
    ).rejects.toThrow(/relu_f32 has no override VEC4S_PER_INVOCATION/);
  });
});
