/**
 * What a kernel is, as one record: its WGSL source, its entry points and the override constants
 * each accepts, the constants its WGSL and TypeScript must agree on, its buffer bindings, and
 * its plan (launch geometry plus the engine's `KernelDescriptor`) and CPU reference. Every
 * kernel folder under `kernels/` exports one such record and the registry lists them; the
 * pipeline cache, the jobs, the lab and the tests read the record instead of switching on names.
 */
import type { KernelPlan } from './kernel-plan';
import type { LabFacet } from './lab/lab-facet';

/** How a kernel declares one buffer binding in group 0. */
export type BindingKind = 'uniform' | 'read-only-storage' | 'storage';

/** One binding of group 0: its number, the WGSL variable's name and how it is declared. */
export interface KernelBinding {
  binding: number;
  name: string;
  kind: BindingKind;
}

/** One entry point: the bindings it uses and the override constants the host may set. */
export interface KernelEntryPoint {
  /** Binding numbers this entry point reads or writes (a subset of the kernel's bindings). */
  bindings: readonly number[];
  /** `override` constants of the WGSL the host may set for this entry point. */
  overrides: readonly string[];
}

/**
 * The record every kernel folder exports. `Size` is what its plan takes; `Reference` is its CPU
 * reference (a function, or a few for a kernel with several entry points).
 */
export interface KernelModule<Size = never, Reference = unknown> {
  /** Folder name and registry key: what the kernel computes ("relu", "matmul-tiled"). */
  readonly name: string;
  /** Short human name for labels and messages ("ReLU", "tiled matmul"). */
  readonly label: string;
  /** One sentence on what it does and what limits it. */
  readonly summary: string;
  /** The WGSL source text. */
  readonly source: string;
  /** Its entry points by WGSL function name. */
  readonly entryPoints: Readonly<Record<string, KernelEntryPoint>>;
  /** Every buffer binding of group 0, as the WGSL declares them. */
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

/**
 * Declares a kernel record, keeping its name as a literal type so the registry can derive the
 * union of kernel names.
 */
export function defineKernel<const Name extends string, Size, Reference>(
  record: KernelModule<Size, Reference> & { readonly name: Name },
): KernelModule<Size, Reference> & { readonly name: Name } {
  return record;
}

/** Declares a kernel record that the kernel lab offers (its `lab` part is required). */
export function defineLabKernel<const Name extends string, Size, Reference>(
  record: KernelModule<Size, Reference> & { readonly name: Name; readonly lab: LabFacet },
): KernelModule<Size, Reference> & { readonly name: Name; readonly lab: LabFacet } {
  return record;
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
