/**
 * The fast sum reduction's job: one or two passes (reduce-fast.ts), with the subgroup version of
 * the kernel on a device that has the `subgroups` feature and the workgroup-memory version
 * otherwise, unless the caller picks one (the tests run both).
 */
import { inputUsage, outputUsage, uniformUsage } from '../../buffers';
import { withErrorScopes } from '../../error-scopes';
import { bindBuffers, dispatch } from '../../jobs/job';
import { type JobContext, type KernelJob } from '../../jobs/kernel-job';
import { SEEDS } from '../../../compute/inputs';
import { makeInput } from '../../../compute/inputs';
import type { AnyKernelModule } from '../../kernel-module';
import { getPipeline } from '../../pipelines';
import { checkElements } from '../../../compute/verify-f32';
import { VEC4_BYTES } from '../../vec4-stream';
import { formatBytesBinary } from '../../../format/units';
import { reduceCpu } from '../reduce/reduce';
import {
  REDUCE_FAST_WORKGROUP_SIZE,
  reduceFastPasses,
  reduceFastPlan,
  reduceFastTolerance,
  reduceFastVariantFor,
  type ReduceFastVariant,
} from './reduce-fast';

/** The two versions of the kernel: each record and the prefix of its entry points. */
export interface ReduceFastKernels {
  workgroup: AnyKernelModule;
  subgroups: AnyKernelModule;
}

/** Entry point names of each version (`<prefix>_vec4`, `<prefix>_f32`). */
const ENTRY_PREFIX: Record<ReduceFastVariant, string> = {
  workgroup: 'reduce_fast',
  subgroups: 'reduce_subgroups',
};

/**
 * Builds a job summing `elements` f32 values. `variant` defaults to the device's best; asking
 * for `subgroups` on a device without the feature is an Error that says so.
 */
export async function createReduceFastJob(
  context: JobContext,
  kernels: ReduceFastKernels,
  elements: number,
  variant: ReduceFastVariant = reduceFastVariantFor(context.device.features),
): Promise<KernelJob> {
  const { device, buffers } = context;
  if (variant === 'subgroups' && !device.features.has('subgroups')) {
    throw new Error(
      'The subgroup version of the fast sum needs the "subgroups" feature, which this device ' +
        'was not created with.',
    );
  }
  const kernel = kernels[variant];
  const maxPerDimension = context.layout.maxWorkgroupsPerDimension;
  const plan = reduceFastPlan(elements, maxPerDimension);
  const passes = reduceFastPasses(elements, maxPerDimension);
  const constants = { WORKGROUP_SIZE: REDUCE_FAST_WORKGROUP_SIZE };
  const vec4Entry = `${ENTRY_PREFIX[variant]}_vec4`;
  const f32Entry = `${ENTRY_PREFIX[variant]}_f32`;
  const [vec4Pipeline, f32Pipeline] = await Promise.all([
    getPipeline(device, { kernel, entryPoint: vec4Entry, constants }),
    getPipeline(device, { kernel, entryPoint: f32Entry, constants }),
  ]);
  const input = makeInput(elements, SEEDS.stream);
  const inputBytes = Math.ceil(elements / 4) * VEC4_BYTES;
  const action = `allocate the sum buffers (${formatBytesBinary(inputBytes)} of input)`;
  return withErrorScopes(device, action, () => {
    const source = buffers.create('fast sum input', inputBytes, inputUsage());
    device.queue.writeBuffer(source, 0, input);
    const firstPartials = buffers.create(
      'fast sum partials',
      Math.max(4, (passes[0]?.workgroups ?? 1) * 4),
      outputUsage(),
    );
    const result = buffers.create('fast sum result', 4, outputUsage());
    const steps = passes.map((pass, index) => {
      const params = buffers.create(`fast sum pass ${index} params`, 16, uniformUsage());
      device.queue.writeBuffer(params, 0, new Uint32Array([pass.count, pass.workgroups, 0, 0]));
      const vec4 = pass.entry === 'vec4';
      const last = index === passes.length - 1;
      const entryPoint = vec4 ? vec4Entry : f32Entry;
      const pipeline = vec4 ? vec4Pipeline : f32Pipeline;
      const group = bindBuffers(device, pipeline, kernel, entryPoint, {
        params,
        [vec4 ? 'vectors' : 'values']: vec4 ? source : firstPartials,
        partials: last ? result : firstPartials,
      });
      return { pipeline, group, grid: pass.grid };
    });
    return {
      label: `${kernel.label} (${variant === 'subgroups' ? 'subgroup adds' : 'workgroup tree'})`,
      plan,
      record(pass) {
        for (const step of steps) dispatch(pass, step.pipeline, step.group, step.grid);
      },
      output: result,
      outputBytes: 4,
      verify(output) {
        const { sum, absSum } = reduceCpu(input);
        return checkElements(
          [0],
          1,
          () => sum,
          output,
          () => reduceFastTolerance(elements, absSum, variant),
        );
      },
    };
  });
}
