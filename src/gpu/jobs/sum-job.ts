/**
 * Jobs of the sum reductions (`reduce`, and `reduce-fast` with its subgroup version): the input
 * uploaded once as vec4s, then one dispatch per pass of the kernel's plan, the first reading
 * the input (the `_vec4` entry point), each later one the partial sums of the pass before (the
 * `_f32` entry point), writing into two partial-sum buffers in turn until one value is left. The
 * result is checked against the f64 sum within the kernel's error bound.
 */
import { inputUsage, outputUsage, uniformUsage } from '../buffers';
import { withErrorScopes } from '../error-scopes';
import { makeInput, SEEDS } from '../../compute/inputs';
import { PARAMS_BINDING, type KernelBinding } from '../kernel-source';
import type { KernelPlan, PlanLayout } from '../kernel-plan';
import type { KernelShader } from '../kernel-shader';
import { getPipeline } from '../pipelines';
import { checkElements } from '../../compute/verify-f32';
import { VEC4_BYTES } from '../vec4-stream';
import { formatBytesBinary } from '../../format/units';
import { reduceCpu, type ReducePass } from './sum-passes';
import { bindBuffers, dispatch } from './job';
import type { JobContext, KernelJob } from './kernel-job';

/** The bindings every sum kernel declares: what `createSumJob` binds by name. */
export const SUM_BINDINGS = [
  PARAMS_BINDING,
  { binding: 1, name: 'vectors', kind: 'read-only-storage', type: 'array<vec4f>' },
  { binding: 2, name: 'values', kind: 'read-only-storage', type: 'array<f32>' },
  { binding: 3, name: 'partials', kind: 'storage', type: 'array<f32>' },
] as const satisfies readonly KernelBinding[];

/** What a sum kernel's run is given: the count of f32 values to add. */
export interface SumSize {
  elements: number;
}

/**
 * What every sum kernel's record shares: the bindings this job binds, the f64 sum as its
 * reference, and a plan over a count (`Size`, what its runs are given) from its plan function.
 */
export function sumKernelParts<Size extends SumSize = SumSize>(
  plan: (elements: number, maxWorkgroupsPerDimension?: number) => KernelPlan,
) {
  return {
    bindings: SUM_BINDINGS,
    plan: (size: Size, layout?: PlanLayout) =>
      plan(size.elements, layout?.maxWorkgroupsPerDimension),
    reference: reduceCpu,
  };
}

/** What differs between the sum kernels. */
export interface SumJobSpec {
  kernel: KernelShader;
  /** The job's label, for messages. */
  label: string;
  /** Entry point names of the two kinds of pass. */
  entryPoints: Readonly<Record<ReducePass['entry'], string>>;
  constants: Readonly<Record<string, number>>;
  plan: KernelPlan;
  passes: readonly ReducePass[];
  /** The four u32 of a pass's uniform block (the `params` binding). */
  params(pass: ReducePass): readonly [number, number, number, number];
  /** Largest error allowed in the sum of values whose magnitudes add up to `absSum`. */
  tolerance(absSum: number): number;
}

/** Builds a job summing `elements` f32 values; buffers are created in the context's set. */
export async function createSumJob(
  context: JobContext,
  spec: SumJobSpec,
  elements: number,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const { kernel, passes, entryPoints } = spec;
  const pipelineOf = (entry: ReducePass['entry']): Promise<GPUComputePipeline> =>
    getPipeline(device, { kernel, entryPoint: entryPoints[entry], constants: spec.constants });
  const [vec4, f32] = await Promise.all([pipelineOf('vec4'), pipelineOf('f32')]);
  const pipelines = { vec4, f32 };
  const input = makeInput(elements, SEEDS.stream);
  const inputBytes = Math.ceil(elements / 4) * VEC4_BYTES;
  const action = `allocate the sum buffers (${formatBytesBinary(inputBytes)} of input)`;
  return withErrorScopes(device, action, () => {
    const source = buffers.create(`${kernel.name} input`, inputBytes, inputUsage());
    device.queue.writeBuffer(source, 0, input);
    const partialBytes = Math.max(4, (passes[0]?.workgroups ?? 1) * 4);
    const partials = [
      buffers.create(`${kernel.name} partials A`, partialBytes, outputUsage()),
      buffers.create(`${kernel.name} partials B`, partialBytes, outputUsage()),
    ] as const;
    const steps = passes.map((pass, index) => {
      const params = buffers.create(`${kernel.name} pass ${index} params`, 16, uniformUsage());
      device.queue.writeBuffer(params, 0, new Uint32Array(spec.params(pass)));
      const pipeline = pipelines[pass.entry];
      const group = bindBuffers(device, pipeline, kernel, entryPoints[pass.entry], {
        params,
        [pass.entry === 'vec4' ? 'vectors' : 'values']:
          index === 0 ? source : partials[(index - 1) % 2]!,
        partials: partials[index % 2]!,
      });
      return { pipeline, group, grid: pass.grid };
    });
    return {
      label: spec.label,
      plan: spec.plan,
      record(pass) {
        for (const step of steps) dispatch(pass, step.pipeline, step.group, step.grid);
      },
      output: partials[(passes.length - 1) % 2]!,
      outputBytes: 4,
      verify(result) {
        const { sum, absSum } = reduceCpu(input);
        return checkElements(
          [0],
          1,
          () => sum,
          result,
          () => spec.tolerance(absSum),
        );
      },
    };
  });
}
