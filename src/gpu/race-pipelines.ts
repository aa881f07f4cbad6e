/** Compiled pipelines of the race kernel, built once per device and reused by every run. */
import raceWgsl from './kernels/race/race.wgsl?raw';
import { RACE_WORKGROUP_SIZE } from './kernels/race/race';
import { withErrorScopes } from './error-scopes';

/** The race kernel's two compute pipelines. */
export interface RacePipelines {
  /** One task per invocation (entry point `race_batch`). */
  batch: GPUComputePipeline;
  /** The single-invocation serial chain (entry point `race_serial`). */
  serial: GPUComputePipeline;
}

const cache = new WeakMap<GPUDevice, Promise<RacePipelines>>();

/** Compiles the shader and both pipelines, with compiler messages in the error when it fails. */
async function buildRacePipelines(device: GPUDevice): Promise<RacePipelines> {
  const module = await withErrorScopes(device, 'compile the race shader', () =>
    device.createShaderModule({ label: 'race', code: raceWgsl }),
  );
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) {
    const lines = errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ');
    throw new Error(`The race shader did not compile: ${lines}`);
  }
  try {
    const [batch, serial] = await Promise.all([
      device.createComputePipelineAsync({
        label: 'race batch',
        layout: 'auto',
        compute: {
          module,
          entryPoint: 'race_batch',
          constants: { WORKGROUP_SIZE: RACE_WORKGROUP_SIZE },
        },
      }),
      device.createComputePipelineAsync({
        label: 'race serial',
        layout: 'auto',
        compute: { module, entryPoint: 'race_serial' },
      }),
    ]);
    return { batch, serial };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`WebGPU could not build the race pipelines: ${detail}`);
  }
}

/** The device's race pipelines, compiled on first use; a failed build is retried next time. */
export function racePipelines(device: GPUDevice): Promise<RacePipelines> {
  let pipelines = cache.get(device);
  if (!pipelines) {
    pipelines = buildRacePipelines(device);
    cache.set(device, pipelines);
    pipelines.catch(() => cache.delete(device));
  }
  return pipelines;
}
