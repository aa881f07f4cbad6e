/**
 * torch.cuda for the simulated GPU: availability, the device's name and properties from the
 * cost engine's catalog, and the caching allocator's memory counters.
 */
import { bind } from '../args';
import { deviceToString } from '../device';
import { PyError } from '../errors';
import type { TorchSession } from '../session';
import {
  builtin,
  int,
  NONE,
  bool,
  str,
  type Kwargs,
  type Value,
  type DeviceProperties,
} from '../values';

/** Compute capability (major, minor) from a catalog architecture such as "Ampere (GA100, sm_80)". */
export function computeCapability(architecture: string): [major: number, minor: number] {
  const match = /sm_(\d)(\d)/.exec(architecture);
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

/** The simulated GPU's properties, as get_device_properties returns them. */
export function deviceProperties(session: TorchSession): DeviceProperties {
  const [major, minor] = computeCapability(session.gpu.architecture);
  return {
    name: session.gpu.name,
    major,
    minor,
    totalMemoryBytes: session.gpu.memoryBytes.value,
    multiProcessorCount: session.gpu.sms.value,
    l2CacheBytes: session.gpu.l2Bytes?.value ?? 0,
  };
}

/** Checks an optional device argument names the one GPU. */
function checkDeviceArg(fname: string, args: Value[], kwargs: Kwargs): void {
  const bound = bind(fname, ['device'], args, kwargs);
  const device = bound.get('device');
  if (!device || device.kind === 'none') return;
  let index: number | null = null;
  if (device.kind === 'int') index = device.value;
  else if (device.kind === 'str')
    index = /^cuda(:(\d+))?$/.test(device.value) ? Number(/\d+/.exec(device.value)?.[0] ?? 0) : -1;
  else if (device.kind === 'device')
    index = device.device.type === 'cuda' ? (device.device.index ?? 0) : -1;
  if (index !== 0) {
    const shown =
      device.kind === 'device'
        ? deviceToString(device.device)
        : device.kind === 'str'
          ? device.value
          : String(index);
    throw new PyError(
      'AssertionError',
      'Invalid device id',
      `The simulated machine has one GPU, cuda:0; ${shown} does not exist.`,
    );
  }
}

/** The torch.cuda namespace. */
export function cudaNamespace(session: TorchSession): Record<string, Value> {
  const counter = (fname: string, read: () => number) =>
    builtin(fname, (args, kwargs) => {
      checkDeviceArg(fname, args, kwargs);
      return int(read());
    });
  const action = (fname: string, act: () => void) =>
    builtin(fname, (args, kwargs) => {
      checkDeviceArg(fname, args, kwargs);
      act();
      return NONE;
    });
  return {
    is_available: builtin('is_available', () => bool(true)),
    device_count: builtin('device_count', () => int(1)),
    current_device: builtin('current_device', () => int(0)),
    get_device_name: builtin('get_device_name', (args, kwargs) => {
      checkDeviceArg('get_device_name', args, kwargs);
      return str(session.gpu.name);
    }),
    get_device_properties: builtin('get_device_properties', (args, kwargs) => {
      checkDeviceArg('get_device_properties', args, kwargs);
      return { kind: 'props', props: deviceProperties(session) };
    }),
    get_device_capability: builtin('get_device_capability', (args, kwargs) => {
      checkDeviceArg('get_device_capability', args, kwargs);
      const [major, minor] = computeCapability(session.gpu.architecture);
      return { kind: 'tuple', items: [int(major), int(minor)] };
    }),
    memory_allocated: counter('memory_allocated', () => session.allocator.stats().allocatedBytes),
    memory_reserved: counter('memory_reserved', () => session.allocator.stats().reservedBytes),
    max_memory_allocated: counter(
      'max_memory_allocated',
      () => session.allocator.stats().peakAllocatedBytes,
    ),
    reset_peak_memory_stats: action('reset_peak_memory_stats', () => session.allocator.resetPeak()),
    empty_cache: builtin('empty_cache', (args, kwargs) => {
      bind('empty_cache', [], args, kwargs);
      session.allocator.emptyCache();
      return NONE;
    }),
    synchronize: action('synchronize', () => undefined),
    mem_get_info: builtin('mem_get_info', (args, kwargs) => {
      checkDeviceArg('mem_get_info', args, kwargs);
      return {
        kind: 'tuple',
        items: [int(session.allocator.freeDeviceBytes()), int(session.allocator.capacityBytes)],
      };
    }),
  };
}
