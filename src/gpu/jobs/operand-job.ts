/**
 * Jobs over operands the caller gives (the PyTorch console's small tensors): a uniform block of
 * u32 parameters, inputs `a` and `b`, and a `result` written by one dispatch, checked element by
 * element against the CPU reference within a per-element bound.
 */
import { inputUsage, outputUsage, uniformUsage } from '../buffers';
import { withErrorScopes } from '../error-scopes';
import type { KernelPlan } from '../kernel-plan';
import type { KernelShader } from '../kernel-shader';
import { PARAMS_BINDING, type KernelBinding } from '../kernel-source';
import { getPipeline } from '../pipelines';
import { allIndices, checkElements } from '../../compute/verify-f32';
import { bindBuffers, singleDispatchJob } from './job';
import { type JobContext, type KernelJob } from './kernel-job';

/** The bindings every two-operand kernel declares: what `createOperandJob` binds by name. */
export const OPERAND_BINDINGS = [
  PARAMS_BINDING,
  { binding: 1, name: 'a', kind: 'read-only-storage', type: 'array<f32>' },
  { binding: 2, name: 'b', kind: 'read-only-storage', type: 'array<f32>' },
  { binding: 3, name: 'result', kind: 'storage', type: 'array<f32>' },
] as const satisfies readonly KernelBinding[];

/**
 * What every two-operand kernel's record shares: one entry point, reading and writing all four
 * bindings, whose workgroup size the host sets (`WORKGROUP_SIZE`, default `workgroupSize`).
 */
export function operandKernelParts(entryPoint: string, workgroupSize: number) {
  return {
    entryPoints: { [entryPoint]: { bindings: [0, 1, 2, 3], overrides: ['WORKGROUP_SIZE'] } },
    bindings: OPERAND_BINDINGS,
    sharedConstants: { WORKGROUP_SIZE: workgroupSize },
  };
}

/** What a two-operand kernel's job needs. */
export interface OperandJobSpec {
  kernel: KernelShader;
  entryPoint: string;
  constants: Readonly<Record<string, number>>;
  plan: KernelPlan;
  /** The uniform parameter block (the `params` binding). */
  params: Uint32Array<ArrayBuffer>;
  a: Float32Array<ArrayBuffer>;
  b: Float32Array<ArrayBuffer>;
  /** Elements of `result`. */
  outputs: number;
  /** The reference value at an output index, and the largest error allowed there. */
  expectedAt(index: number): { value: number; tolerance: number };
}

/** Builds the job: uploads params, a and b, and binds them with `result` by their WGSL names. */
export async function createOperandJob(
  context: JobContext,
  spec: OperandJobSpec,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const { kernel, entryPoint, plan } = spec;
  const pipeline = await getPipeline(device, { kernel, entryPoint, constants: spec.constants });
  return withErrorScopes(device, `allocate the ${kernel.label} buffers`, () => {
    const result = buffers.create(`${kernel.name} result`, spec.outputs * 4, outputUsage());
    const group = bindBuffers(device, pipeline, kernel, entryPoint, {
      params: buffers.upload(`${kernel.name} params`, spec.params, uniformUsage()),
      a: buffers.upload(`${kernel.name} a`, spec.a, inputUsage()),
      b: buffers.upload(`${kernel.name} b`, spec.b, inputUsage()),
      result,
    });
    return singleDispatchJob(kernel, plan, pipeline, group, {
      output: result,
      outputBytes: spec.outputs * 4,
      verify(actual) {
        const bounds = new Map<number, number>();
        const at = (i: number): number => {
          const { value, tolerance } = spec.expectedAt(i);
          bounds.set(i, tolerance);
          return value;
        };
        return checkElements(
          allIndices(spec.outputs),
          spec.outputs,
          at,
          actual,
          (i) => bounds.get(i) ?? 0,
        );
      },
    });
  });
}
