/**
 * The ReLU kernel's record: its WGSL, two entry points, bindings, plans, reference, job, size
 * fitting and lab facet. A size with a `workgroupSize` runs `relu_f32`, one element per thread in
 * workgroups of that size (the launch the SM explorer draws); any other runs `relu_vec4`, the
 * vectorised launch the lab measures beside the copy kernel.
 */
import { createStreamJob, createVec4StreamJob, VEC4_STREAM_BINDINGS } from '../../jobs/stream-job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel, type DeviceLimits } from '../../kernel-module';
import { fitLabSize, streamLab } from '../../sizes/lab-facet';
import type { SizeFit } from '../../sizes/size-fit';
import type { StreamSize } from '../../vec4-stream';
import { VEC4_STREAM } from '../shared';
import reluWgsl from './relu.wgsl?raw';
import {
  allowedWorkgroupSize,
  checkReluScalarFits,
  RELU_VEC4S_PER_INVOCATION,
  RELU_WORKGROUP_SIZE,
  reluCpu,
  reluPlan,
  reluScalarPlan,
} from './relu';

/** One element per thread, in workgroups of `workgroupSize` threads (`relu_f32`). */
export interface ReluScalarSize {
  elements: number;
  workgroupSize: number;
}

/** What a ReLU run is given: the vectorised launch (lab) or one element per thread. */
export type ReluSize = StreamSize | ReluScalarSize;

/** True for the one-element-per-thread launch. */
function isScalar(size: ReluSize): size is ReluScalarSize {
  return 'workgroupSize' in size;
}

/**
 * The one-element-per-thread launch a device can run: a RangeError, naming the limit, when the
 * array does not fit one buffer; the workgroup size lowered to what the device allows.
 */
function fitScalar(size: ReluScalarSize, limits: DeviceLimits): SizeFit<ReluScalarSize> {
  checkReluScalarFits(size.elements, limits);
  const workgroupSize = allowedWorkgroupSize(size.workgroupSize, limits);
  if (workgroupSize === size.workgroupSize) return { size, reduced: false, message: null };
  return {
    size: { ...size, workgroupSize },
    reduced: true,
    message:
      `Lowered the workgroup size from ${size.workgroupSize} to ${workgroupSize}, ` +
      'the most this GPU device allows.',
  };
}

/** The job of either launch over `size.elements` values. */
function reluJob(context: JobContext, size: ReluSize): Promise<KernelJob> {
  const maxPerDimension = context.layout.maxWorkgroupsPerDimension;
  if (isScalar(size)) {
    return createStreamJob(
      context,
      {
        kernel: reluKernel,
        entryPoint: 'relu_f32',
        constants: { WORKGROUP_SIZE: size.workgroupSize },
        plan: reluScalarPlan(size.elements, size.workgroupSize, maxPerDimension),
        bindings: { input: 'x', output: 'y' },
        bufferBytes: size.elements * 4,
        reference: reluCpu,
      },
      size.elements,
    );
  }
  return createVec4StreamJob(
    context,
    {
      kernel: reluKernel,
      entryPoint: 'relu_vec4',
      workgroupSize: RELU_WORKGROUP_SIZE,
      plan: reluPlan,
      reference: reluCpu,
    },
    size,
  );
}

/** ReLU: y = max(x, 0), memory bound. */
export const reluKernel = defineLabKernel({
  name: 'relu',
  label: 'ReLU',
  summary: 'y = max(x, 0) on every element: one comparison per 8 bytes moved, so memory bound.',
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
  plan: (size: ReluSize, layout) =>
    isScalar(size)
      ? reluScalarPlan(size.elements, size.workgroupSize, layout?.maxWorkgroupsPerDimension)
      : reluPlan(size.elements, { ...layout, ...size }),
  reference: reluCpu,
  job: reluJob,
  fit: (size, limits): SizeFit<ReluSize> =>
    isScalar(size) ? fitScalar(size, limits) : fitLabSize(reluKernel.lab, size, limits),
  lab: streamLab({ step: 'memory', bench: { size: 'stream', target: 0.95 } }),
});
