/**
 * Creating tensors in a session: the memory is taken from the device (so a too-big tensor
 * raises the device's out-of-memory error), and values are filled only when the tensor is
 * small enough to keep them.
 */
import { notSupported, runtimeError } from './errors';
import { castValue, DTYPES, type DTypeName } from './dtype';
import type { Device } from './device';
import { checkShape, MAX_VALUE_ELEMENTS, numel } from './shape';
import type { TorchSession } from './session';
import { tensorBytes, type Storage, type Tensor } from './tensor';

/** How a new tensor's elements are filled. */
export type Fill =
  | { kind: 'zeros' }
  | { kind: 'ones' }
  | { kind: 'full'; value: number }
  | { kind: 'randn' }
  | { kind: 'rand' }
  | { kind: 'empty' }
  | { kind: 'uniform'; bound: number }
  | { kind: 'data'; values: readonly number[] };

/** Checks that a device can hold tensors in this session. */
export function checkTensorDevice(session: TorchSession, device: Device): void {
  if (device.type === 'mps' || device.type === 'meta') {
    throw notSupported(
      `The "${device.type}" device`,
      `The simulated machine has one NVIDIA GPU, ${session.gpu.name}: use "cuda" (or "cpu").`,
    );
  }
  if (device.type === 'cuda' && (device.index ?? 0) !== 0) {
    throw runtimeError(
      'CUDA error: invalid device ordinal',
      `This machine has one GPU, so the only CUDA device is cuda:0 (torch.cuda.device_count() is 1).`,
    );
  }
}

/** Fills `count` elements of `dtype`. */
export function fillValues(
  session: TorchSession,
  count: number,
  dtype: DTypeName,
  fill: Fill,
): Float64Array {
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    let v: number;
    switch (fill.kind) {
      case 'zeros':
      case 'empty':
        v = 0;
        break;
      case 'ones':
        v = 1;
        break;
      case 'full':
        v = fill.value;
        break;
      case 'randn':
        v = session.random.normal();
        break;
      case 'rand':
        v = session.random.uniform();
        break;
      case 'uniform':
        v = (session.random.uniform() * 2 - 1) * fill.bound;
        break;
      case 'data':
        v = fill.values[i] ?? 0;
        break;
    }
    values[i] = castValue(v, dtype);
  }
  return values;
}

/** Allocates a storage for `shape` and `dtype` on `device`, with values when small. */
export function createStorage(
  session: TorchSession,
  shape: number[],
  dtype: DTypeName,
  device: Device,
  fill: Fill | null,
  pinned = false,
): Storage {
  checkShape(shape, DTYPES[dtype].bytesPerElement);
  checkTensorDevice(session, device);
  const count = numel(shape);
  const bytes = tensorBytes(shape, dtype);
  const storage = session.allocateStorage(device, bytes, pinned, null);
  if (fill && count <= MAX_VALUE_ELEMENTS) storage.values = fillValues(session, count, dtype, fill);
  return storage;
}

/** Creates a tensor of `shape`, `dtype` on `device`. */
export function createTensor(
  session: TorchSession,
  shape: number[],
  dtype: DTypeName,
  device: Device,
  fill: Fill,
  options: { pinned?: boolean; requiresGrad?: boolean; isParameter?: boolean } = {},
): Tensor {
  const storage = createStorage(session, shape, dtype, device, fill, options.pinned ?? false);
  return session.newTensor(storage, shape, dtype, {
    requiresGrad: options.requiresGrad ?? false,
    isParameter: options.isParameter ?? false,
  });
}

/** A new tensor for an operation's result, with the values the operation computed (or none). */
export function resultTensor(
  session: TorchSession,
  shape: number[],
  dtype: DTypeName,
  device: Device,
  values: Float64Array | null,
  gradFn: string | null,
): Tensor {
  const storage = createStorage(session, shape, dtype, device, null);
  storage.values = values;
  return session.newTensor(storage, shape, dtype, { requiresGrad: gradFn !== null, gradFn });
}
