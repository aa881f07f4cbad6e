/**
 * nn.Linear: creation with PyTorch's default initialisation (uniform in ±1/sqrt(in_features)),
 * `module.to()` moving the parameters in place, and the forward pass `y = x @ W.T + b` with the
 * checks and messages of F.linear (addmm for 2-D inputs).
 */
import { computeOnBackend } from './backend-run';
import { broadcastIndex, MAX_VALUE_ELEMENTS, numel, shapeX } from './shape';
import { castValue, DTYPES, type DTypeName } from './dtype';
import type { Device } from './device';
import { runtimeError } from './errors';
import { createTensor, resultTensor } from './factory';
import { commonDevice } from './ops-elementwise';
import { checkKernelDevices, matmulReference, recordMatmul } from './ops-matmul';
import { chainRuns } from './compute';
import type { TorchSession } from './session';
import type { Tensor } from './tensor';
import { tensorTo } from './transfer';
import type { LinearModule } from './values';

/** `nn.Linear(in_features, out_features, bias=True, device=None, dtype=None)`. */
export function createLinear(
  session: TorchSession,
  inFeatures: number,
  outFeatures: number,
  options: { bias: boolean; device: Device; dtype: DTypeName },
): LinearModule {
  if (inFeatures < 0 || outFeatures < 0) {
    throw runtimeError(
      `Trying to create tensor with negative dimension ${Math.min(inFeatures, outFeatures)}: [${outFeatures}, ${inFeatures}]`,
    );
  }
  const bound = inFeatures > 0 ? 1 / Math.sqrt(inFeatures) : 0;
  const param = { requiresGrad: true, isParameter: true };
  const fill = { kind: 'uniform' as const, bound };
  const weight = createTensor(
    session,
    [outFeatures, inFeatures],
    options.dtype,
    options.device,
    fill,
    param,
  );
  const bias = options.bias
    ? createTensor(session, [outFeatures], options.dtype, options.device, fill, param)
    : null;
  return { kind: 'linear', inFeatures, outFeatures, weight, bias };
}

/** `module.to(device, dtype)`: moves every parameter, changing the module in place. */
export function moduleTo(
  session: TorchSession,
  module: LinearModule,
  request: { device?: Device; dtype?: DTypeName; nonBlocking: boolean; label: string | null },
): void {
  const move = (t: Tensor, name: string) =>
    tensorTo(session, t, {
      ...request,
      label: request.label ? `${request.label}.${name}` : name,
      asParameter: true,
    });
  const weight = move(module.weight, 'weight');
  const bias = module.bias ? move(module.bias, 'bias') : null;
  module.weight = weight;
  module.bias = bias;
}

function transposed(values: Float64Array, rows: number, cols: number): Float64Array {
  const out = new Float64Array(values.length);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) out[c * rows + r] = values[r * cols + c] ?? 0;
  return out;
}

function gradFnFor(rank: number, hasBias: boolean): string {
  if (hasBias) return rank === 2 ? 'AddmmBackward0' : rank === 1 ? 'AddBackward0' : 'ViewBackward0';
  return rank === 2 ? 'MmBackward0' : rank === 1 ? 'SqueezeBackward4' : 'UnsafeViewBackward0';
}

/** `module(x)`: the forward pass of nn.Linear. */
export async function linearForward(
  session: TorchSession,
  module: LinearModule,
  x: Tensor,
): Promise<Tensor> {
  const { weight, bias } = module;
  if (x.shape.length === 0)
    throw runtimeError('both arguments to linear need to be at least 1D, but they are 0D and 2D');
  if (x.shape.length === 2 && bias)
    checkKernelDevices('wrapper_addmm', [
      ['self', bias],
      ['mat1', x],
      ['mat2', weight],
    ]);
  else
    checkKernelDevices('wrapper_mm', [
      ['self', x],
      ['mat2', weight],
    ]);
  if (bias && x.shape.length !== 2) commonDevice([x, bias]);
  if (x.dtype !== weight.dtype) {
    throw runtimeError(
      `mat1 and mat2 must have the same dtype, but got ${DTYPES[x.dtype].scalarName} and ${DTYPES[weight.dtype].scalarName}`,
      "Give the input the layer's dtype, e.g. x = x.to(torch.float32).",
    );
  }
  if (DTYPES[x.dtype].kind !== 'float' && x.storage.device.type === 'cuda') {
    throw runtimeError(
      `"addmm_cuda" not implemented for '${DTYPES[x.dtype].scalarName}'`,
      'Layers need floating-point inputs: use x.float().',
    );
  }
  const k = x.shape[x.shape.length - 1] ?? 0;
  const m = numel(x.shape) / Math.max(k, 1);
  if (k !== module.inFeatures) {
    throw runtimeError(
      `mat1 and mat2 shapes cannot be multiplied (${shapeX([x.shape.length === 1 ? 1 : m, k])} and ${shapeX([module.inFeatures, module.outFeatures])})`,
      `This layer expects inputs whose last dimension is in_features = ${module.inFeatures}, but the input's is ${k}.`,
    );
  }
  const shape = [...x.shape.slice(0, -1), module.outFeatures];
  const out = resultTensor(
    session,
    shape,
    x.dtype,
    x.storage.device,
    null,
    gradFnFor(x.shape.length, bias !== null),
  );
  const rows = x.shape.length === 1 ? 1 : m;
  const launch =
    x.storage.device.type === 'cuda'
      ? recordMatmul(
          session,
          { batch: 1, m: rows, k, n: module.outFeatures },
          numel(shape),
          x.dtype,
          bias ? 'addmm' : 'mm',
        )
      : null;
  const xv = x.storage.values;
  const wv = weight.storage.values;
  const bv = bias ? bias.storage.values : null;
  if (!xv || !wv || (bias && !bv) || numel(shape) > MAX_VALUE_ELEMENTS) return out;
  const dims = { batch: 1, m: x.shape.length === 1 ? 1 : m, k, n: module.outFeatures };
  const wT = transposed(wv, module.outFeatures, module.inFeatures);
  const product = matmulReference(xv, wT, dims, false, false);
  const biasExpanded = bv
    ? Float64Array.from(broadcastIndex([module.outFeatures], shape), (i) => bv[i] ?? 0)
    : null;
  const reference = Float64Array.from(product, (v, i) =>
    castValue(v + (biasExpanded?.[i] ?? 0), out.dtype),
  );
  const run = session.compute
    ? async (compute: NonNullable<TorchSession['compute']>) => {
        const y = await compute.matmul(Float32Array.from(xv), Float32Array.from(wT), dims);
        if (!biasExpanded) return y;
        return chainRuns(
          y,
          await compute.elementwise('add', y.values, Float32Array.from(biasExpanded)),
        );
      }
    : null;
  await computeOnBackend(session, out, reference, run, launch);
  return out;
}
