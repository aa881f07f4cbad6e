/**
 * What a kernel is, as one record: its WGSL (its own file, its buffer bindings and the shared
 * fragments it uses, composed into one module), its entry points and the override constants
 * each accepts, the constants its WGSL and TypeScript must agree on, and its plan (launch
 * geometry plus the engine's `KernelDescriptor`) and CPU reference. Every kernel folder under
 * `kernels/` exports one such record and the registry lists them; the pipeline cache, the jobs,
 * the lab and the tests read the record instead of switching on names.
 */
import type { KernelPlan } from './kernel-plan';
import { composeKernelSource, type KernelBinding, type WgslFragment } from './kernel-source';
import type { LabFacet } from './lab/lab-facet';

export type { BindingKind, KernelBinding } from './kernel-source';

/** One entry point: the bindings it uses and the override constants the host may set. */
export interface KernelEntryPoint {
  /** Binding numbers this entry point reads or writes (a subset of the kernel's bindings). */
  bindings: readonly number[];
  /** `override` constants of the WGSL the host may set for this entry point. */
  overrides: readonly string[];
}

/**
 * What a kernel folder declares (its record less the composed `source`). `Size` is what its
 * plan takes; `Reference` is its CPU reference (a function, or a few for a kernel with several
 * entry points).
 */
export interface KernelSpec<Size = never, Reference = unknown> {
  /** Folder name and registry key: what the kernel computes ("relu", "matmul-tiled"). */
  readonly name: string;
  /** Short human name for labels and messages ("ReLU", "tiled matmul"). */
  readonly label: string;
  /** One sentence on what it does and what limits it. */
  readonly summary: string;
  /** The text of its own `.wgsl` file, which declares no bindings. */
  readonly wgsl: string;
  /** The shared WGSL fragments (kernels/shared/) it uses. */
  readonly shared?: readonly WgslFragment[];
  /** Its entry points by WGSL function name. */
  readonly entryPoints: Readonly<Record<string, KernelEntryPoint>>;
  /** Every buffer binding of group 0: the runtime declares them in the WGSL from this list. */
  readonly bindings: readonly KernelBinding[];
  /**
   * Numbers the WGSL and the TypeScript must agree on: a WGSL `const` of that name with that
   * value, or an `override` whose default is that value (checked by a test without a GPU).
   */
  readonly sharedConstants: Readonly<Record<string, number>>;
  /** The kernel's launch and work for a size, as the runtime and the cost engine see it. */
  plan(size: Size): KernelPlan;
  /** The CPU reference the GPU's output is checked against. */
  readonly reference: Reference;
  /** Present when the kernel lab offers it. */
  readonly lab?: LabFacet;
}

/** The record every kernel folder exports: its declaration and its composed WGSL module. */
export interface KernelModule<Size = never, Reference = unknown> extends KernelSpec<
  Size,
  Reference
> {
  /**
   * The whole WGSL module: `wgsl` with `bindings` declared and the `shared` fragments added
   * (kernel-source.ts). What the pipeline cache compiles, and the text to show a learner.
   */
  readonly source: string;
}

/**
 * Declares a kernel record, composing its WGSL module and keeping its name as a literal type
 * so the registry can derive the union of kernel names.
 */
export function defineKernel<const Name extends string, Size, Reference>(
  spec: KernelSpec<Size, Reference> & { readonly name: Name },
): KernelModule<Size, Reference> & { readonly name: Name } {
  return { ...spec, source: composeKernelSource(spec) };
}

/** Declares a kernel record that the kernel lab offers (its `lab` part is required). */
export function defineLabKernel<const Name extends string, Size, Reference>(
  spec: KernelSpec<Size, Reference> & { readonly name: Name; readonly lab: LabFacet },
): KernelModule<Size, Reference> & { readonly name: Name; readonly lab: LabFacet } {
  return { ...spec, source: composeKernelSource(spec) };
}

/** Any kernel record, whatever its size type (for lists and caches). */
export type AnyKernelModule = KernelModule<never, unknown>;

/** The entry point `entryPoint` of `kernel`; throws naming both when it has none. */
export function entryPointOf(kernel: AnyKernelModule, entryPoint: string): KernelEntryPoint {
  const entry = kernel.entryPoints[entryPoint];
  if (!entry) {
    const known = Object.keys(kernel.entryPoints).join(', ');
    throw new Error(
      `The ${kernel.label} kernel has no entry point "${entryPoint}" (it has: ${known}).`,
    );
  }
  return entry;
}

/** Throws unless every constant given is an override the entry point declares. */
export function checkOverrides(
  kernel: AnyKernelModule,
  entryPoint: string,
  constants: Readonly<Record<string, number>>,
): void {
  const entry = entryPointOf(kernel, entryPoint);
  const unknown = Object.keys(constants).filter((name) => !entry.overrides.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `The ${kernel.label} kernel's entry point ${entryPoint} has no override ` +
        `${unknown.join(', ')} (it has: ${entry.overrides.join(', ') || 'none'}).`,
    );
  }
}
