/**
 * torch.device: parsing device strings ("cuda", "cuda:0", "cpu") the way PyTorch does, and
 * printing them. The simulated machine has one CUDA device, cuda:0.
 */
import { runtimeError } from './errors';

/** Device types a string may name; only cpu and cuda hold tensors here. */
export type DeviceType = 'cpu' | 'cuda' | 'mps' | 'meta';

/** A torch.device. `index` is null when the string named no index ("cuda"). */
export interface Device {
  type: DeviceType;
  index: number | null;
}

/** The device types PyTorch lists when a device string is not understood (2.x order). */
const KNOWN_DEVICE_TYPES =
  'cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone';

const PARSABLE: readonly DeviceType[] = ['cpu', 'cuda', 'mps', 'meta'];

/** Parses a device string; throws PyTorch's RuntimeError for one it does not understand. */
export function parseDevice(text: string): Device {
  const match = /^([a-z_]+)(?::(\d+))?$/.exec(text);
  const type = match?.[1];
  if (!match || type === undefined || !(PARSABLE as readonly string[]).includes(type)) {
    const hint =
      type === 'gpu'
        ? 'PyTorch calls NVIDIA GPUs "cuda": write torch.device("cuda") or "cuda:0".'
        : 'Use "cpu", "cuda" or "cuda:0".';
    if (match && type !== undefined && !(PARSABLE as readonly string[]).includes(type)) {
      throw runtimeError(
        `Expected one of ${KNOWN_DEVICE_TYPES} device type at start of device string: ${text}`,
        hint,
      );
    }
    throw runtimeError(`Invalid device string: '${text}'`, hint);
  }
  const index = match[2] === undefined ? null : Number(match[2]);
  if (type === 'cpu' && index !== null && index !== 0) {
    throw runtimeError(`CPU device index must be -1 or zero, got ${index}`);
  }
  return { type: type as DeviceType, index };
}

/** The device a tensor actually lands on: "cuda" means the current device, cuda:0. */
export function concreteDevice(device: Device): Device {
  if (device.type === 'cuda') return { type: 'cuda', index: device.index ?? 0 };
  return { type: device.type, index: null };
}

/** `str(device)`: "cuda:0", "cuda", "cpu". */
export function deviceToString(device: Device): string {
  return device.index === null ? device.type : `${device.type}:${device.index}`;
}

/** `repr(device)`: "device(type='cuda', index=0)". */
export function deviceRepr(device: Device): string {
  return device.index === null
    ? `device(type='${device.type}')`
    : `device(type='${device.type}', index=${device.index})`;
}

/** True when two devices are the same place (after "cuda" is resolved to cuda:0). */
export function sameDevice(a: Device, b: Device): boolean {
  const ca = concreteDevice(a);
  const cb = concreteDevice(b);
  return ca.type === cb.type && ca.index === cb.index;
}

/** The CPU device. */
export const CPU: Device = { type: 'cpu', index: null };
/** The simulated GPU. */
export const CUDA0: Device = { type: 'cuda', index: 0 };
