/**
 * `a @ b` (torch.matmul) and nn.Linear's forward pass, with the checks PyTorch makes in the
 * order it makes them: the same-device rule of the kernel it dispatches to (mm, mv, dot, bmm,
 * addmm), dtypes, then shapes, each with PyTorch's message.
 */
import { computeOnBackend } from './backend-run';
import { batchedMatmulLaunchDescriptor, precisionOf } from './kernel-launch';
import { deviceToString, sameDevice } from './device';
import { castValue, DTYPES, type DTypeName } from './dtype';
import { runtimeError } from './errors';
import { resultTensor } from './factory';
import { MAX_VALUE_ELEMENTS, numel, shapeX } from './shape';
import type { TorchSession } from './session';
import type { Tensor } from './tensor';

/** How a matmul runs: its output, autograd node and the batched matrix problem. */
interface Plan {
  gradFn: string;
  outShape: number[];
  /** The batched matrix problem: a is batch x m x k, b is batch x k x n. */
  dims: { batch: number; m: number; k: number; n: number };
  /** Whether b's batch is broadcast (a 2-D b shared by every batch of a). */
  sharedB: boolean;
}

const CHECK_HINT =
  'Both operands must live on the same device. Move one of them first, e.g. w = w.to(x.device).';

/** The same-device check of a dispatched kernel (PyTorch 2.x wording). */
export function checkKernelDevices(
  method: string,
  tensors: ReadonlyArray<[string, Tensor | null]>,
): void {
  const present = tensors.filter((entry): entry is [string, Tensor] => entry[1] !== null);
  const first = present[0]?.[1].storage.device;
  if (!first) return;
  const cuda = present.some(([, t]) => t.storage.device.type === 'cuda');
  const kernel = cuda ? method.replace('wrapper_', 'wrapper_CUDA_') : method;
  for (const [name, t] of present.slice(1)) {
    if (!sameDevice(t.storage.device, first)) {
      throw runtimeError(
        `Expected all tensors to be on the same device, but got ${name} is on ${deviceToString(t.storage.device)}, different from other tensors on ${deviceToString(first)} (when checking argument in method ${kernel})`,
        CHECK_HINT,
      );
    }
  }
}

function checkDtypes(a: Tensor, b: Tensor, cudaKernel: string): void {
  const cuda = a.storage.device.type === 'cuda';
  if (a.dtype !== b.dtype) {
    const names = `${DTYPES[a.dtype].cppName} != ${DTYPES[b.dtype].cppName}`;
    throw runtimeError(
      cuda
        ? `expected mat1 and mat2 to have the same dtype, but got: ${names}`
        : `expected m1 and m2 to have the same dtype, but got: ${names}`,
      'Convert one operand first, e.g. b = b.to(a.dtype).',
    );
  }
  if (cuda && DTYPES[a.dtype].kind !== 'float') {
    throw runtimeError(
      `"${cudaKernel}" not implemented for '${DTYPES[a.dtype].scalarName}'`,
      'CUDA matrix products need floating-point tensors: use .float() or create them with dtype=torch.float32.',
    );
  }
}

function plan(a: Tensor, b: Tensor): Plan {
  const [ra, rb] = [a.shape.length, b.shape.length];
  if (ra === 0 || rb === 0) {
    throw runtimeError(
      `both arguments to matmul need to be at least 1D, but they are ${ra}D and ${rb}D`,
    );
  }
  const last = (s: number[], i = 1) => s[s.length - i] ?? 1;
  if (ra === 1 && rb === 1) {
    if (last(a.shape) !== last(b.shape)) {
      throw runtimeError(
        `inconsistent tensor size, expected tensor [${last(a.shape)}] and src [${last(b.shape)}] to have the same number of elements, but got ${last(a.shape)} and ${last(b.shape)} elements respectively`,
      );
    }
    return {
      gradFn: 'DotBackward0',
      outShape: [],
      dims: { batch: 1, m: 1, k: last(a.shape), n: 1 },
      sharedB: true,
    };
  }
  if (ra === 2 && rb === 1) {
    if (last(a.shape) !== last(b.shape)) {
      throw runtimeError(
        `size mismatch, got input (${a.shape[0]}), mat (${shapeX(a.shape)}), vec (${last(b.shape)})`,
      );
    }
    return {
      gradFn: 'MvBackward0',
      outShape: [a.shape[0] ?? 0],
      dims: { batch: 1, m: a.shape[0] ?? 0, k: last(a.shape), n: 1 },
      sharedB: true,
    };
  }
  if (rb <= 2) {
    // 1-D @ 2-D and N-D @ 2-D both become one mm on a folded left operand.
    const k = last(a.shape);
    const m = numel(a.shape) / Math.max(k, 1);
    const n = rb === 2 ? last(b.shape) : 1;
    const kb = rb === 2 ? (b.shape[0] ?? 0) : last(b.shape);
    if (k !== kb) {
      const left = ra === 1 ? [1, k] : [m, k];
      const right = rb === 2 ? b.shape : [kb, 1];
      throw runtimeError(
        `mat1 and mat2 shapes cannot be multiplied (${shapeX(left)} and ${shapeX(right)})`,
        'For a @ b the last dimension of a must equal the first dimension of b.',
      );
    }
    const outShape =
      ra === 1 ? [n] : rb === 1 ? a.shape.slice(0, -1) : [...a.shape.slice(0, -1), n];
    const gradFn = ra === 2 ? 'MmBackward0' : ra === 1 ? 'SqueezeBackward4' : 'UnsafeViewBackward0';
    return { gradFn, outShape, dims: { batch: 1, m: ra === 1 ? 1 : m, k, n }, sharedB: true };
  }
  return batchedPlan(a, b);
}

function batchedPlan(a: Tensor, b: Tensor): Plan {
  const aMat = a.shape.length === 1 ? [1, a.shape[0] ?? 0] : a.shape.slice(-2);
  const bMat = b.shape.slice(-2);
  const aBatch = a.shape.length === 1 ? [] : a.shape.slice(0, -2);
  const bBatch = b.shape.slice(0, -2);
  const aCount = numel(aBatch);
  const bCount = numel(bBatch);
  const sameBatch = aBatch.length === bBatch.length && aBatch.every((s, i) => s === bBatch[i]);
  if (!sameBatch && aCount !== 1 && bCount !== 1) {
    throw runtimeError(
      `The size of tensor a (${aBatch.at(-1) ?? 1}) must match the size of tensor b (${bBatch.at(-1) ?? 1}) at non-singleton dimension 0`,
      'Batched matmul needs equal (or broadcastable) batch dimensions.',
    );
  }
  const [m = 0, k = 0] = aMat;
  const [kb = 0, n = 0] = bMat;
  const batch = Math.max(aCount, bCount);
  if (k !== kb) {
    throw runtimeError(
      `Expected size for first two dimensions of batch2 tensor to be: [${batch}, ${k}] but got: [${batch}, ${kb}].`,
      'For a @ b the last dimension of a must equal the second-to-last dimension of b.',
    );
  }
  const batchShape = aCount >= bCount ? aBatch : bBatch;
  const outShape = [...batchShape, ...(a.shape.length === 1 ? [] : [m]), n];
  return {
    gradFn: 'UnsafeViewBackward0',
    outShape,
    dims: { batch, m, k, n },
    sharedB: bCount === 1 && batch > 1,
  };
}

/** CPU reference: `batch` products, a batch x m x k (or shared) times b batch x k x n. */
export function matmulReference(
  a: Float64Array,
  b: Float64Array,
  dims: Plan['dims'],
  aShared: boolean,
  bShared: boolean,
): Float64Array {
  const { batch, m, k, n } = dims;
  const out = new Float64Array(batch * m * n);
  for (let p = 0; p < batch; p++) {
    const aBase = aShared ? 0 : p * m * k;
    const bBase = bShared ? 0 : p * k * n;
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < n; j++) {
        let sum = 0;
        for (let q = 0; q < k; q++)
          sum += (a[aBase + i * k + q] ?? 0) * (b[bBase + q * n + j] ?? 0);
        out[p * m * n + i * n + j] = sum;
      }
    }
  }
  return out;
}

/** Repeats a shared operand `batch` times, for a backend that takes whole batches. */
function tile(values: Float64Array, batch: number): Float32Array {
  const out = new Float32Array(values.length * batch);
  for (let p = 0; p < batch; p++) out.set(values, p * values.length);
  return out;
}

/** `a @ b`. */
export async function matmul(session: TorchSession, a: Tensor, b: Tensor): Promise<Tensor> {
  const [ra, rb] = [a.shape.length, b.shape.length];
  if (ra > 0 && rb > 0) {
    const method =
      ra === 1 && rb === 1
        ? 'wrapper__dot'
        : ra === 2 && rb === 1
          ? 'wrapper_mv'
          : rb <= 2
            ? 'wrapper_mm'
            : 'wrapper_bmm';
    const names: [string, string] =
      method === 'wrapper__dot'
        ? ['self', 'tensor']
        : method === 'wrapper_mv'
          ? ['self', 'vec']
          : ['self', 'mat2'];
    checkKernelDevices(method, [
      [names[0], a],
      [names[1], b],
    ]);
    const cudaKernel =
      method === 'wrapper__dot'
        ? 'dot'
        : method === 'wrapper_mv'
          ? 'addmv_impl_cuda'
          : method === 'wrapper_bmm'
            ? 'bmm_cuda'
            : 'addmm_cuda';
    checkDtypes(a, b, cudaKernel);
  }
  const p = plan(a, b);
  const gradFn = a.requiresGrad || b.requiresGrad ? p.gradFn : null;
  const out = resultTensor(session, p.outShape, a.dtype, a.storage.device, null, gradFn);
  const launch =
    a.storage.device.type === 'cuda'
      ? recordMatmul(session, p.dims, numel(p.outShape), a.dtype, matmulKernelName(a, b))
      : null;
  const av = a.storage.values;
  const bv = b.storage.values;
  if (!av || !bv || numel(p.outShape) > MAX_VALUE_ELEMENTS) return out;
  const aShared = p.dims.batch > 1 && numel(a.shape.slice(0, -2)) === 1;
  const raw = matmulReference(av, bv, p.dims, aShared, p.sharedB);
  const reference = Float64Array.from(raw, (v) => castValue(v, out.dtype));
  const run = session.compute
    ? (compute: NonNullable<TorchSession['compute']>) => {
        const batch = p.dims.batch;
        const aFull = aShared ? tile(av, batch) : Float32Array.from(av);
        const bFull = p.sharedB ? tile(bv, batch) : Float32Array.from(bv);
        return compute.matmul(aFull, bFull, p.dims);
      }
    : null;
  await computeOnBackend(session, out, reference, run, launch);
  return out;
}

/** The kernel family PyTorch runs `a @ b` with: dot, mv, mm or bmm. */
function matmulKernelName(a: Tensor, b: Tensor): string {
  if (a.shape.length === 1 && b.shape.length === 1) return 'dot';
  if (a.shape.length === 2 && b.shape.length === 1) return 'mv';
  return a.shape.length > 2 || b.shape.length > 2 ? 'bmm' : 'mm';
}

/** Records the CUDA kernel of a (batched) matrix product; `op` as PyTorch names its kernel. */
export function recordMatmul(
  session: TorchSession,
  dims: { batch: number; m: number; k: number; n: number },
  outputElements: number,
  dtype: DTypeName,
  op = dims.batch > 1 ? 'bmm' : 'mm',
) {
  const precision = precisionOf(dtype);
  const empty = dims.batch * dims.m * dims.k * dims.n === 0;
  const descriptor = precision && !empty ? batchedMatmulLaunchDescriptor(dims, precision) : null;
  return session.recordLaunch(op, outputElements, dtype, descriptor);
}
