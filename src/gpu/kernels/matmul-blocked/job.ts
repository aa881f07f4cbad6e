/**
 * The register-blocked matmul's job: like the other matmuls' (jobs/matmul-job.ts), except that A
 * and B are uploaded with their rows padded to whole vec4s, the layout the kernel's loads need.
 * The check still uses the unpadded matrices and the shared error bound.
 */
import { inputUsage, outputUsage, uniformUsage } from '../../buffers';
import { withErrorScopes } from '../../error-scopes';
import { bindBuffers, dispatch, SEEDS, type JobContext, type KernelJob } from '../../jobs/job';
import { matmulCheckIndices } from '../../jobs/matmul-job';
import { makeInput } from '../../kernel-inputs';
import type { AnyKernelModule } from '../../kernel-module';
import { matmulCpuAt, matmulElements, matmulTolerance, type MatmulShape } from '../../matmul-shape';
import { getPipeline } from '../../pipelines';
import { checkElements } from '../../verify-f32';
import { formatBytesBinary } from '../../../format/units';
import { matmulBlockedPlan, padRows } from './matmul-blocked';

/** Builds the register-blocked matmul job for `shape` with `kernel` (its record). */
export async function createMatmulBlockedJob(
  context: JobContext,
  kernel: AnyKernelModule,
  shape: MatmulShape,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const plan = matmulBlockedPlan(shape, context.layout.maxWorkgroupsPerDimension);
  const entryPoint = 'matmul_blocked';
  const pipeline = await getPipeline(device, { kernel, entryPoint });
  const sizes = matmulElements(shape);
  const a = makeInput(sizes.a, SEEDS.matmulA);
  const b = makeInput(sizes.b, SEEDS.matmulB);
  const aPadded = padRows(a, shape.m, shape.k);
  const bPadded = padRows(b, shape.k, shape.n);
  const totalBytes = (aPadded.length + bPadded.length + sizes.c) * 4;
  const action = `allocate the matmul buffers (${formatBytesBinary(totalBytes)})`;
  return withErrorScopes(device, action, () => {
    const dims = buffers.create('matmul dims', 16, uniformUsage());
    const aBuffer = buffers.create(
      'matmul A (rows padded to vec4s)',
      aPadded.byteLength,
      inputUsage(),
    );
    const bBuffer = buffers.create(
      'matmul B (rows padded to vec4s)',
      bPadded.byteLength,
      inputUsage(),
    );
    const cBuffer = buffers.create('matmul C', sizes.c * 4, outputUsage());
    device.queue.writeBuffer(dims, 0, new Uint32Array([shape.m, shape.n, shape.k, 0]));
    device.queue.writeBuffer(aBuffer, 0, aPadded);
    device.queue.writeBuffer(bBuffer, 0, bPadded);
    const group = bindBuffers(device, pipeline, kernel, entryPoint, {
      dims,
      a: aBuffer,
      b: bBuffer,
      c: cBuffer,
    });
    const grid = plan.dispatches[0] ?? [1, 1, 1];
    return {
      label: kernel.label,
      plan,
      record: (pass) => dispatch(pass, pipeline, group, grid),
      output: cBuffer,
      outputBytes: sizes.c * 4,
      uploads: [
        { buffer: aBuffer, data: aPadded },
        { buffer: bBuffer, data: bPadded },
      ],
      verify(result) {
        const absSums = new Map<number, number>();
        const expectedAt = (index: number): number => {
          const row = Math.floor(index / shape.n);
          const reference = matmulCpuAt(a, b, shape, row, index % shape.n);
          absSums.set(index, reference.absSum);
          return reference.value;
        };
        return checkElements(matmulCheckIndices(shape), sizes.c, expectedAt, result, (index) =>
          matmulTolerance(shape.k, absSums.get(index) ?? 0),
        );
      },
    };
  });
}
