/**
 * What a kernel is, as one record: its shader (kernel-shader.ts: WGSL, entry points, bindings,
 * the constants WGSL and TypeScript share), what it computes (its plan at a size: launch
 * geometry plus the engine's `KernelDescriptor`; its CPU reference), how a job of it is built at
 * a size on a device, how a size is fitted to a device, and, for a kernel the lab offers, its
 * lab facet (sizes/lab-facet.ts). Every kernel folder under `kernels/` exports one such record
 * and the registry lists them; the runtime measures a kernel by name from its record
 * (measure/), and the lab, the bench and the tests read records instead of switching on names.
 */
import type { JobContext, KernelJob } from './jobs/kernel-job';
import type { KernelPlan, PlanLayout } from './kernel-plan';
import type { KernelShader, ShaderSpec } from './kernel-shader';
import { composeKernelSource } from './kernel-source';
import type { LabFacet } from './sizes/lab-facet';
import type { SizeFit, SizeLimits } from './sizes/size-fit';

export type { KernelEntryPoint } from './kernel-shader';

/** The device limits a kernel's size may be fitted to (the size limits and workgroup limits). */
export interface DeviceLimits extends SizeLimits {
  maxComputeInvocationsPerWorkgroup: number;
  maxComputeWorkgroupSizeX: number;
}

/**
 * What a kernel folder declares (its record less the composed `source`). `Size` is what a run of
 * it is given (a count, a shape, the console's operands); `Reference` is its CPU reference (a
 * function, or a few for a kernel with several entry points); `Detail` is what its job's check
 * finds beyond pass or fail (most kernels: nothing).
 */
export interface KernelSpec<Size, Reference = unknown, Detail = undefined> extends ShaderSpec {
  /** One sentence on what it does and what limits it. */
  readonly summary: string;
  /**
   * Its launch and work at a size, as the runtime runs it and the cost engine predicts it, on a
   * layout (by default a device with WebGPU's default limits). Options a size leaves out take
   * the kernel's default for a hardware GPU; the job may choose others for its device.
   */
  plan(size: Size, layout?: PlanLayout): KernelPlan;
  /** The CPU reference the GPU's output is checked against. */
  readonly reference: Reference;
  /** Builds its job at a size on a device: pipeline ready, inputs uploaded, a check to run. */
  job(context: JobContext, size: Size): Promise<KernelJob<Detail>>;
  /**
   * The size that runs on a device with these limits: the one asked for, or a smaller one with
   * a message; throws a RangeError when no size near it can run. Absent: a lab kernel is fitted
   * by its lab facet, any other runs the size it is given.
   */
  fit?(size: Size, limits: DeviceLimits): SizeFit<Size>;
  /** Present when the kernel lab offers it (and the benchmark runs it). */
  readonly lab?: LabFacet;
}

/** The record every kernel folder exports: its declaration and its composed WGSL module. */
export interface KernelModule<Size, Reference = unknown, Detail = undefined>
  extends KernelSpec<Size, Reference, Detail>, KernelShader {}

/**
 * Declares a kernel record, composing its WGSL module and keeping its name as a literal type
 * so the registry can derive the union of kernel names (and each name's size).
 */
export function defineKernel<const Name extends string, Size, Reference, Detail = undefined>(
  spec: KernelSpec<Size, Reference, Detail> & { readonly name: Name },
): KernelModule<Size, Reference, Detail> & { readonly name: Name } {
  return { ...spec, source: composeKernelSource(spec) };
}

/** Declares a kernel record that the kernel lab offers (its `lab` facet is required). */
export function defineLabKernel<const Name extends string, Size, Reference>(
  spec: KernelSpec<Size, Reference> & { readonly name: Name; readonly lab: LabFacet },
): KernelModule<Size, Reference> & { readonly name: Name; readonly lab: LabFacet } {
  return { ...spec, source: composeKernelSource(spec) };
}

/** Any kernel record, whatever its size type (for lists and caches). */
export type AnyKernelModule = KernelModule<never, unknown, unknown>;
