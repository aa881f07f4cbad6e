/**
 * The two steps every job's `record` is made of: bind a kernel's buffers by the names in its
 * record, and dispatch its pipeline over a grid; and the job of a kernel run by one dispatch.
 * (What a job is: kernel-job.ts.)
 */
import { entryPointOf, type KernelShader } from '../kernel-shader';
import type { KernelPlan } from '../kernel-plan';
import type { KernelJob } from './kernel-job';

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
  kernel: KernelShader,
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

/** What a one-dispatch job says besides its label, plan and record: its output and its check. */
export type SingleDispatchOutput = Omit<KernelJob<unknown>, 'label' | 'plan' | 'record'>;

/**
 * The job of a kernel run by one dispatch: `pipeline` with `group` over the plan's first grid,
 * labelled as its kernel, with `output` saying where the result is and how it is checked (and
 * anything a job of its kind adds; its type comes from `output`, not from where the job goes).
 */
export function singleDispatchJob<Output extends SingleDispatchOutput>(
  kernel: KernelShader,
  plan: KernelPlan,
  pipeline: GPUComputePipeline,
  group: GPUBindGroup,
  output: Output,
): Pick<KernelJob, 'label' | 'plan' | 'record'> & NoInfer<Output> {
  const grid = plan.dispatches[0] ?? [1, 1, 1];
  return {
    label: kernel.label,
    plan,
    record: (pass) => dispatch(pass, pipeline, group, grid),
    ...output,
  };
}
