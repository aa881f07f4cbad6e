/**
 * The two steps every job's `record` is made of: bind a kernel's buffers by the names in its
 * record, and dispatch its pipeline over a grid. (What a job is: kernel-job.ts.)
 */
import { entryPointOf, type AnyKernelModule } from '../kernel-module';

/** Records a dispatch of `pipeline` with `group` over `grid`. */
export function dispatch(
  pass: GPUComputePassEncoder,
  pipeline: GPUComputePipeline,
  group: GPUBindGroup,
  grid: readonly [number, number, number],
): void {
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group);
  pass.dispatchWorkgroups(grid[0], grid[1], grid[2]);
}

/**
 * A bind group for one entry point, with buffers given by the WGSL variable names of the
 * kernel's record: binding numbers come from the record, never typed again by hand, and a
 * missing or unknown name is an Error that names it.
 */
export function bindBuffers(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  kernel: AnyKernelModule,
  entryPoint: string,
  buffers: Readonly<Record<string, GPUBuffer>>,
): GPUBindGroup {
  const entry = entryPointOf(kernel, entryPoint);
  const used = kernel.bindings.filter((b) => entry.bindings.includes(b.binding));
  const unknown = Object.keys(buffers).filter((name) => !used.some((b) => b.name === name));
  if (unknown.length > 0) {
    throw new Error(`${kernel.label} (${entryPoint}) has no binding named ${unknown.join(', ')}`);
  }
  return device.createBindGroup({
    label: `${kernel.name} ${entryPoint}`,
    layout: pipeline.getBindGroupLayout(0),
    entries: used.map((b) => {
      const buffer = buffers[b.name];
      if (!buffer) throw new Error(`${kernel.label} (${entryPoint}) needs a buffer for ${b.name}`);
      return { binding: b.binding, resource: { buffer } };
    }),
  });
}
