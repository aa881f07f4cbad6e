/**
 * `tensor.to(...)`, `.cuda()`, `.cpu()` and `.pin_memory()`: new storage on the target device,
 * values copied, and every host-device copy logged with its modeled time from the cost engine.
 * As in PyTorch, a copy to the CPU with non_blocking=True lands in pinned memory, and `.to()`
 * returns the tensor itself when nothing would change.
 */
import { predictTransfer } from '../engine/models';
import { concreteDevice, sameDevice, type Device } from './device';
import { castValue, DTYPES, type DTypeName } from './dtype';
import { runtimeError } from './errors';
import { checkTensorDevice } from './factory';
import type { TorchSession } from './session';
import type { Tensor } from './tensor';
import type { TransferRecord } from './transfer-record';

/** What a `.to()` call asks for. */
export interface ToRequest {
  device?: Device;
  dtype?: DTypeName;
  nonBlocking: boolean;
  /** Force a new tensor even when nothing changes (`copy=True`). */
  copy?: boolean;
  /** The name the tensor goes by, for the transfer log. */
  label: string | null;
  /** Keep the result an nn.Parameter leaf (module.to moves parameters in place). */
  asParameter?: boolean;
}

/** Records a host-device copy with its modeled duration, and returns the record. */
export function recordTransfer(
  session: TorchSession,
  entry: Omit<TransferRecord, 'id' | 'seconds' | 'link' | 'asynchronous'>,
): TransferRecord {
  const prediction = predictTransfer({
    link: session.link,
    bytes: entry.bytes,
    direction: entry.direction,
    pinned: entry.pinned,
  });
  const record: TransferRecord = {
    ...entry,
    id: session.newId(),
    link: session.link,
    seconds: prediction.seconds,
    asynchronous: entry.pinned && entry.nonBlocking,
  };
  session.transfers.push(record);
  return record;
}

/** `tensor.to(device, dtype, non_blocking=...)`. */
export function tensorTo(session: TorchSession, tensor: Tensor, request: ToRequest): Tensor {
  const source = tensor.storage.device;
  const target = request.device ? concreteDevice(request.device) : source;
  checkTensorDevice(session, target);
  const dtype = request.dtype ?? tensor.dtype;
  const moves = !sameDevice(source, target);
  if (!moves && dtype === tensor.dtype && !request.copy) return tensor;

  const toHost = moves && target.type === 'cpu';
  const pinnedDestination = toHost && request.nonBlocking;
  const bytes = tensor.shape.reduce((p, s) => p * s, DTYPES[dtype].bytesPerElement);
  const storage = session.allocateStorage(target, bytes, pinnedDestination, null);
  const values = tensor.storage.values;
  storage.values = values ? Float64Array.from(values, (v) => castValue(v, dtype)) : null;
  if (moves) {
    const direction = toHost ? 'd2h' : 'h2d';
    recordTransfer(session, {
      label: request.label,
      bytes: tensor.storage.bytes,
      direction,
      pinned: direction === 'h2d' ? tensor.storage.pinned : pinnedDestination,
      nonBlocking: request.nonBlocking,
    });
  }
  if (request.asParameter) {
    return session.newTensor(storage, [...tensor.shape], dtype, {
      requiresGrad: true,
      isParameter: true,
    });
  }
  return session.newTensor(storage, [...tensor.shape], dtype, {
    requiresGrad: tensor.requiresGrad,
    gradFn: tensor.requiresGrad ? 'ToCopyBackward0' : null,
  });
}

/** `tensor.pin_memory()`: a copy in page-locked host memory (the tensor itself if already). */
export function pinMemory(session: TorchSession, tensor: Tensor): Tensor {
  if (tensor.storage.device.type !== 'cpu') {
    throw runtimeError(
      `cannot pin 'torch.cuda.${DTYPES[tensor.dtype].legacyName}' only dense CPU tensors can be pinned`,
      'Only host (CPU) memory can be pinned; this tensor already lives on the GPU.',
    );
  }
  if (tensor.storage.pinned) return tensor;
  const storage = session.allocateStorage(tensor.storage.device, tensor.storage.bytes, true, null);
  storage.values = tensor.storage.values ? Float64Array.from(tensor.storage.values) : null;
  return session.newTensor(storage, [...tensor.shape], tensor.dtype, {
    requiresGrad: tensor.requiresGrad,
    gradFn: tensor.requiresGrad ? 'CloneBackward0' : null,
  });
}
