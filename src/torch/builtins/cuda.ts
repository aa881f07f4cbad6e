/**
 * torch.cuda for the simulated GPU: availability, the device's name and properties from the
 * cost engine's catalog, and the caching allocator's memory counters and summary table.
 */
import { bind, toBool } from '../args';
import { deviceToString } from '../device';
import { PyError } from '../errors';
import { formatMemorySummary } from '../memory-summary';
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
  checkDevice(bind(fname, ['device'], args, kwargs).get('device'));
}

/** Checks a device value (absent or None: the current device) names the one GPU. */
function checkDevice(device: Value | undefined): void {
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

/** Sessions already warned about each deprecated name (Python warns once per call site). */
const warned = new WeakMap<TorchSession, Set<string>>();

/**
 * A deprecated alias, as PyTorch keeps it: it still answers, with a FutureWarning naming the new
 * function (printed once per session here).
 */
function renamed(session: TorchSession, fname: string, current: string, read: () => Value) {
  return builtin(fname, (args, kwargs) => {
    checkDeviceArg(fname, args, kwargs);
    const names = warned.get(session) ?? new Set<string>();
    warned.set(session, names);
    if (!names.has(fname)) {
      names.add(fname);
      session.printed.push(
        `<stdin>:1: FutureWarning: \`torch.cuda.${fname}\` has been renamed to \`torch.cuda.${current}\``,
      );
    }
    return read();
  });
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
    max_memory_reserved: counter(
      'max_memory_reserved',
      () => session.allocator.stats().peakReservedBytes,
    ),
    memory_cached: renamed(session, 'memory_cached', 'memory_reserved', () =>
      int(session.allocator.stats().reservedBytes),
    ),
    max_memory_cached: renamed(session, 'max_memory_cached', 'max_memory_reserved', () =>
      int(session.allocator.stats().peakReservedBytes),
    ),
    reset_peak_memory_stats: action('reset_peak_memory_stats', () => session.allocator.resetPeak()),
    memory_summary: builtin('memory_summary', (args, kwargs) => {
      const bound = bind('memory_summary', ['device', 'abbreviated'], args, kwargs);
      checkDevice(bound.get('device'));
      const abbreviated = toBool(bound.get('abbreviated'), false);
      return str(formatMemorySummary(session.allocator.memoryStats(), 0, abbreviated));
    }),
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
