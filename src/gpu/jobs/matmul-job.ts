/** Jobs of the lab's matmul kernels: A and B uploaded, C written, checked element by element. */
import { inputUsage, outputUsage, uniformUsage } from '../buffers';
import { withErrorScopes } from '../error-scopes';
import { makeInput } from '../../compute/inputs';
import type { KernelPlan } from '../kernel-plan';
import type { KernelShader } from '../kernel-shader';
import type { KernelBinding } from '../kernel-source';
import {
  matmulCpuAt,
  matmulElements,
  matmulTolerance,
  type MatmulShape,
} from '../../compute/matmul-reference';
import { getPipeline } from '../pipelines';
import { allIndices, checkElements, sampledIndices } from '../../compute/verify-f32';
import { formatBytesBinary } from '../../format/units';
import { bindBuffers, singleDispatchJob } from './job';
import { type JobContext, type KernelJob } from './kernel-job';
import { SEEDS } from '../../compute/inputs';

/** Most multiply-adds the CPU spends checking one result (about 50 ms of JavaScript). */
export const MATMUL_CHECK_BUDGET = 1 << 24;

/**
 * The output elements to check: all of them when the CPU can afford it, otherwise an even sample
 * (first and last included) sized to the budget, and never fewer than 64.
 */
export function matmulCheckIndices(shape: MatmulShape): Iterable<number> {
  const total = shape.m * shape.n;
  if (total * shape.k <= MATMUL_CHECK_BUDGET) return allIndices(total);
  return sampledIndices(total, Math.max(64, Math.floor(MATMUL_CHECK_BUDGET / shape.k)));
}

/** Which matmul kernel and how it is launched. */
export interface MatmulJobSpec {
  kernel: KernelShader;
  entryPoint: string;
  constants: Readonly<Record<string, number>>;
  plan: KernelPlan;
  /**
   * The layout A and B are uploaded in, when the kernel needs another than plain row-major
   * (the register-blocked kernel pads rows to whole vec4s); `label` names it in buffer labels.
   * The check always uses the plain matrices.
   */
  uploadLayout?: (
    a: Float32Array<ArrayBuffer>,
    b: Float32Array<ArrayBuffer>,
    shape: MatmulShape,
  ) => MatmulUpload;
}

/** A and B as a kernel reads them, and a few words naming that layout. */
export interface MatmulUpload {
  a: Float32Array<ArrayBuffer>;
  b: Float32Array<ArrayBuffer>;
  label: string;
}

/** What a matmul's four buffers hold, and their labels. */
export interface MatmulBufferData {
  /** The four words of the `Dims` uniform (m, n, k, 0; or n, 0, 0, 0 for a square product). */
  dims: readonly [number, number, number, number];
  /** A and B as the kernel reads them (f32 values or f16 bits). */
  a: ArrayBufferView<ArrayBuffer>;
  b: ArrayBufferView<ArrayBuffer>;
  /** Bytes of C. */
  cBytes: number;
  labels: { dims: string; a: string; b: string; c: string };
}

/** The matmul buffers of a job, bound for its entry point (C is the output). */
export interface BoundMatmulBuffers {
  group: GPUBindGroup;
  aBuffer: GPUBuffer;
  bBuffer: GPUBuffer;
  cBuffer: GPUBuffer;
}

/**
 * A matmul's four buffers created in the context's set, filled, and bound by name (`dims`, `a`,
 * `b`, `c`) for the entry point: what every matmul job (f32, f16, tensor-core) uploads. Call it
 * inside the job's error scopes.
 */
export function bindMatmulBuffers(
  { device, buffers }: JobContext,
  run: { kernel: KernelShader; entryPoint: string; pipeline: GPUComputePipeline },
  data: MatmulBufferData,
): BoundMatmulBuffers {
  const dims = buffers.create(data.labels.dims, 16, uniformUsage());
  const aBuffer = buffers.create(data.labels.a, data.a.byteLength, inputUsage());
  const bBuffer = buffers.create(data.labels.b, data.b.byteLength, inputUsage());
  const cBuffer = buffers.create(data.labels.c, data.cBytes, outputUsage());
  device.queue.writeBuffer(dims, 0, new Uint32Array(data.dims));
  device.queue.writeBuffer(aBuffer, 0, data.a);
  device.queue.writeBuffer(bBuffer, 0, data.b);
  const group = bindBuffers(device, run.pipeline, run.kernel, run.entryPoint, {
    dims,
    a: aBuffer,
    b: bBuffer,
    c: cBuffer,
  });
  return { group, aBuffer, bBuffer, cBuffer };
}

/** Builds a matmul job for `shape`; buffers are created in the context's set. */
export async function createMatmulJob(
  context: JobContext,
  spec: MatmulJobSpec,
  shape: MatmulShape,
): Promise<KernelJob> {
  const { device } = context;
  const { kernel, entryPoint, plan } = spec;
  const pipeline = await getPipeline(device, { kernel, entryPoint, constants: spec.constants });
  const sizes = matmulElements(shape);
  const a = makeInput(sizes.a, SEEDS.matmulA);
  const b = makeInput(sizes.b, SEEDS.matmulB);
  const upload = spec.uploadLayout?.(a, b, shape) ?? { a, b, label: '' };
  const suffix = upload.label ? ` (${upload.label})` : '';
  const totalBytes = upload.a.byteLength + upload.b.byteLength + sizes.c * 4;
  const action = `allocate the matmul buffers (${formatBytesBinary(totalBytes)})`;
  return withErrorScopes(device, action, () => {
    const { group, aBuffer, bBuffer, cBuffer } = bindMatmulBuffers(
      context,
      { kernel, entryPoint, pipeline },
      {
        dims: [shape.m, shape.n, shape.k, 0],
        a: upload.a,
        b: upload.b,
        cBytes: sizes.c * 4,
        labels: {
          dims: 'matmul dims',
          a: `matmul A${suffix}`,
          b: `matmul B${suffix}`,
          c: 'matmul C',
        },
      },
    );
    return singleDispatchJob(kernel, plan, pipeline, group, {
      output: cBuffer,
      outputBytes: sizes.c * 4,
      uploads: [
        { buffer: aBuffer, data: upload.a },
        { buffer: bBuffer, data: upload.b },
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
    });
  });
}

/**
 * The bindings of a matmul kernel whose A and B hold values of type `element`: what
 * `createMatmulJob` (and the f16 matmul's job) bind by name.
 */
export function matmulBindings(element: 'f32' | 'vec4f' | 'scalar'): readonly KernelBinding[] {
  return [
    { binding: 0, name: 'dims', kind: 'uniform', type: 'Dims' },
    { binding: 1, name: 'a', kind: 'read-only-storage', type: `array<${element}>` },
    { binding: 2, name: 'b', kind: 'read-only-storage', type: `array<${element}>` },
    { binding: 3, name: 'c', kind: 'storage', type: 'array<f32>' },
  ];
}
