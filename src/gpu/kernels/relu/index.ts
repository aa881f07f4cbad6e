/** The ReLU kernel's record: its WGSL, entry points, bindings, plans, reference and lab part. */
import { createStreamJob, createVec4StreamJob } from '../../jobs/stream-job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { countOf } from '../../lab/lab-facet';
import { maxStreamElements } from '../../lab/stream-limits';
import reluWgsl from './relu.wgsl?raw';
import {
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
  name: 'relu',
  label: 'ReLU',
  summary: 'y = max(x, 0) on every element: one comparison per 8 bytes moved, so memory bound.',
  source: reluWgsl,
  entryPoints: {
    relu_vec4: { bindings: [0, 1], overrides: ['WORKGROUP_SIZE', 'VEC4S_PER_INVOCATION'] },
    relu_f32: { bindings: [2, 3], overrides: ['WORKGROUP_SIZE'] },
  },
  bindings: [
    { binding: 0, name: 'src', kind: 'read-only-storage' },
    { binding: 1, name: 'dst', kind: 'storage' },
    { binding: 2, name: 'x', kind: 'read-only-storage' },
    { binding: 3, name: 'y', kind: 'storage' },
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
  lab: {
    defaultSize: { elements: 1 << 22 },
    sizeKind: 'elements',
    plan: (size, layout) => reluPlan(countOf(size), layout),
    createJob: (context, size) => createReluJob(context, countOf(size)),
    maxCount: maxStreamElements,
  },
});
