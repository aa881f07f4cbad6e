/**
 * A kernel as the GPU sees it: its WGSL (its own file, its buffer bindings and the shared
 * fragments it uses, composed into one module by kernel-source.ts), its entry points with the
 * override constants each accepts, and the constants its WGSL and TypeScript must agree on. The
 * pipeline cache compiles a shader and the jobs bind its buffers by name; a kernel's record
 * (kernel-module.ts) is a shader plus what it computes and how a job of it is built.
 */
import { composeKernelSource, type KernelBinding, type WgslFragment } from './kernel-source';

export type { BindingKind, KernelBinding } from './kernel-source';

/** One entry point: the bindings it uses and the override constants the host may set. */
export interface KernelEntryPoint {
  /** Binding numbers this entry point reads or writes (a subset of the kernel's bindings). */
  bindings: readonly number[];
  /** `override` constants of the WGSL the host may set for this entry point. */
  overrides: readonly string[];
}

/** What a shader declares (less its composed `source`). */
export interface ShaderSpec {
  /** Registry key and pipeline-cache key: what the kernel computes ("relu", "matmul-tiled"). */
  readonly name: string;
  /** Short human name for labels and messages ("ReLU", "tiled matmul"). */
  readonly label: string;
  /** The text of its own `.wgsl` file (or its generated WGSL), which declares no bindings. */
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
}

/** A shader with its whole WGSL module. */
export interface KernelShader extends ShaderSpec {
  /**
   * The whole WGSL module: `wgsl` with `bindings` declared and the `shared` fragments added
   * (kernel-source.ts). What the pipeline cache compiles, and the text to show a learner.
   */
  readonly source: string;
}

/**
 * Declares a shader on its own: a variant of a kernel whose WGSL is written per variant (the
 * tuned matmul's tiles, the tensor-core matmul's configurations), run by its kernel's job.
 */
export function defineShader(spec: ShaderSpec): KernelShader {
  return { ...spec, source: composeKernelSource(spec) };
}

/** The entry point `entryPoint` of `shader`; throws naming both when it has none. */
export function entryPointOf(shader: KernelShader, entryPoint: string): KernelEntryPoint {
  const entry = shader.entryPoints[entryPoint];
  if (!entry) {
    const known = Object.keys(shader.entryPoints).join(', ');
    throw new Error(
      `The ${shader.label} kernel has no entry point "${entryPoint}" (it has: ${known}).`,
    );
  }
  return entry;
}

/** Throws unless every constant given is an override the entry point declares. */
export function checkOverrides(
  shader: KernelShader,
  entryPoint: string,
  constants: Readonly<Record<string, number>>,
): void {
  const entry = entryPointOf(shader, entryPoint);
  const unknown = Object.keys(constants).filter((name) => !entry.overrides.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `The ${shader.label} kernel's entry point ${entryPoint} has no override ` +
        `${unknown.join(', ')} (it has: ${entry.overrides.join(', ') || 'none'}).`,
    );
  }
}
