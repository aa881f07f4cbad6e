/**
 * A job of the half-precision matmul or its f32 twin: A and B uploaded in the variant's element
 * type, C written as f32, and the result checked against the f64 reference within the variant's
 * bound. Its detail is the errors that check saw, for the caller to show.
 */
import { withErrorScopes } from '../../error-scopes';
import { singleDispatchJob } from '../../jobs/job';
import { type JobContext, type KernelJob } from '../../jobs/kernel-job';
import type { KernelShader } from '../../kernel-shader';
import { bindMatmulBuffers, matmulCheckIndices } from '../../jobs/matmul-job';
import { getPipeline } from '../../pipelines';
import { checkElements } from '../../../compute/verify-f32';
import { formatBytesBinary } from '../../../format/units';
import {
  elementBytes,
  errorTally,
  MATMUL_F16_EDGE,
  matmulF16Inputs,
  matmulF16Plan,
  referenceAt,
  toleranceOf,
  type HalfMatmulVariant,
  type MatmulErrors,
} from './matmul-f16';

/** The WebGPU feature f16 WGSL needs. */
export const SHADER_F16: GPUFeatureName = 'shader-f16';

/**
 * Builds the job of `variant` for an n × n product with `kernel`, that variant's shader. Throws
 * an Error when f16 is asked of a device created without "shader-f16".
 */
export async function createHalfMatmulJob(
  context: JobContext,
  kernel: KernelShader,
  variant: HalfMatmulVariant,
  n: number,
): Promise<KernelJob<MatmulErrors>> {
  const { device } = context;
  if (variant === 'f16' && !device.features.has(SHADER_F16)) {
    throw new Error(
      'This WebGPU device was created without the "shader-f16" feature, so f16 WGSL cannot run on it.',
    );
  }
  const plan = matmulF16Plan(n, variant, context.layout.maxWorkgroupsPerDimension);
  const pipeline = await getPipeline(device, {
    kernel,
    entryPoint: 'matmul_half',
    constants: { WORKGROUP_X: MATMUL_F16_EDGE, WORKGROUP_Y: MATMUL_F16_EDGE },
  });
  const inputs = matmulF16Inputs(n);
  const inputBytes = n * n * elementBytes(variant);
  const action = `allocate the ${variant} matmul buffers (${formatBytesBinary(2 * inputBytes + n * n * 4)})`;
  let lastErrors: MatmulErrors | null = null;
  return withErrorScopes(device, action, () => {
    const { group, cBuffer } = bindMatmulBuffers(
      context,
      { kernel, entryPoint: 'matmul_half', pipeline },
      {
        dims: [n, 0, 0, 0],
        a: variant === 'f16' ? inputs.aHalf : inputs.a,
        b: variant === 'f16' ? inputs.bHalf : inputs.b,
        cBytes: n * n * 4,
        labels: {
          dims: 'matmul-f16 dims',
          a: 'matmul-f16 A',
          b: 'matmul-f16 B',
          c: 'matmul-f16 C',
        },
      },
    );
    return singleDispatchJob(kernel, plan, pipeline, group, {
      output: cBuffer,
      outputBytes: n * n * 4,
      detail() {
        if (!lastErrors) throw new Error(`The ${variant} matmul's result was never checked.`);
        return lastErrors;
      },
      verify(result) {
        const tally = errorTally();
        const absSums = new Map<number, number>();
        const expectedAt = (index: number): number => {
          const reference = referenceAt(inputs, Math.floor(index / n), index % n);
          absSums.set(index, reference.absSum);
          tally.add(reference.value, index < result.length ? (result[index] as number) : NaN);
          return reference.value;
        };
        const shape = { m: n, n, k: n };
        const check = checkElements(matmulCheckIndices(shape), n * n, expectedAt, result, (i) =>
          toleranceOf(variant, n, absSums.get(i) ?? 0),
        );
        lastErrors = tally.result();
        return check;
      },
    });
  });
}
