/** The ReLU kernel's record: its card, WGSL, entry points, bindings, plans, reference and jobs. */
import { createStreamJob, createVec4StreamJob, VEC4_STREAM_BINDINGS } from '../../jobs/stream-job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { countOf } from '../../lab/lab-facet';
import { VEC4_STREAM } from '../shared';
import reluWgsl from './relu.wgsl?raw';
import {
  RELU_CARD,
  RELU_VEC4S_PER_INVOCATION,
  RELU_WORKGROUP_SIZE,
  reluCpu,
  reluPlan,
  reluScalarPlan,
} from './relu';

/** What a ReLU plan is asked for: the vec4 launch (lab) or one element per thread (explorer). */
export type ReluSize =
  | { elements: number; vec4sPerInvocation?: number; maxWorkgroupsPerDimension?: number }
  | { elements: number; workgroupSize: number; maxWorkgroupsPerDimension?: number };

/** The kernel lab's ReLU job: `relu_vec4` over `elements` values. */
export function createReluJob(context: JobContext, elements: number): Promise<KernelJob> {
  return createVec4StreamJob(
    context,
    {
      kernel: reluKernel,
      entryPoint: 'relu_vec4',
      workgroupSize: RELU_WORKGROUP_SIZE,
      plan: reluPlan(elements, context.layout),
      reference: reluCpu,
    },
    elements,
  );
}

/** The explorer's ReLU job: `relu_f32`, one element per thread, `workgroupSize` per block. */
export function createReluScalarJob(
  context: JobContext,
  elements: number,
  workgroupSize: number,
): Promise<KernelJob> {
  return createStreamJob(
    context,
    {
      kernel: reluKernel,
      entryPoint: 'relu_f32',
      constants: { WORKGROUP_SIZE: workgroupSize },
      plan: reluScalarPlan(elements, workgroupSize, context.layout.maxWorkgroupsPerDimension),
      bindings: { input: 'x', output: 'y' },
      bufferBytes: elements * 4,
      reference: reluCpu,
    },
    elements,
  );
}

/** ReLU: y = max(x, 0), memory bound. */
export const reluKernel = defineLabKernel({
  ...RELU_CARD,
  wgsl: reluWgsl,
  shared: [VEC4_STREAM],
  entryPoints: {
    relu_vec4: { bindings: [0, 1], overrides: ['WORKGROUP_SIZE', 'VEC4S_PER_INVOCATION'] },
    relu_f32: { bindings: [2, 3], overrides: ['WORKGROUP_SIZE'] },
  },
  bindings: [
    ...VEC4_STREAM_BINDINGS,
    { binding: 2, name: 'x', kind: 'read-only-storage', type: 'array<f32>' },
    { binding: 3, name: 'y', kind: 'storage', type: 'array<f32>' },
  ],
  sharedConstants: {
    WORKGROUP_SIZE: RELU_WORKGROUP_SIZE,
    VEC4S_PER_INVOCATION: RELU_VEC4S_PER_INVOCATION,
  },
  plan: (size: ReluSize) =>
    'workgroupSize' in size
      ? reluScalarPlan(size.elements, size.workgroupSize, size.maxWorkgroupsPerDimension)
      : reluPlan(size.elements, size),
  reference: reluCpu,
  lab: { ...RELU_CARD.lab, createJob: (context, size) => createReluJob(context, countOf(size)) },
});
