/**
 * Test helper: a real WebGPU device in Node through the `webgpu` package (Dawn). On machines
 * without a GPU it runs on SwiftShader when scripts/with-webgpu.sh has set up Vulkan.
 */
import { acquireGpu, type AcquireGpuOptions, type GpuAcquisition } from '../device';

const liveInstances: GPU[] = [];

/** Acquires a device from Dawn in Node; any failure to load the binding becomes `no-webgpu`. */
export async function acquireNodeGpu(
  options: Omit<AcquireGpuOptions, 'gpu'> = {},
): Promise<GpuAcquisition> {
  let gpu: GPU;
  try {
    const { create, globals } = await import('webgpu');
    Object.assign(globalThis, globals);
    gpu = create([]);
    // Dawn tears its instance down when this object is collected, taking live devices with it.
    liveInstances.push(gpu);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: 'no-webgpu',
      message: `The webgpu package did not load: ${detail}`,
    };
  }
  return acquireGpu({ ...options, gpu });
}

/** The reason a GPU test file skips, printed once so a skipped run is never silent. */
export function warnIfUnavailable(acquisition: GpuAcquisition, suite: string): void {
  if (!acquisition.ok) {
    console.warn(
      `[${suite}] skipping real-WebGPU tests: ${acquisition.reason}: ${acquisition.message} ` +
        '(run them through scripts/with-webgpu.sh)',
    );
  }
}
