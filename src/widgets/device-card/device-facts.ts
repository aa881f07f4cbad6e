/**
 * What the "your GPU" card shows: the adapter's identity, whether it is a software fallback, the
 * limits that matter for compute kernels (each with its CUDA counterpart), every other limit and
 * the features, plus how PyTorch's device properties map onto what WebGPU reveals. Pure.
 */
import { formatBytesBinary, formatCount } from '../../format/units';
import type { GpuAdapterSummary } from '../../gpu';

/** One labelled value. */
export interface Fact {
  label: string;
  value: string;
}

/** A limit that matters for compute, with what it means and its CUDA counterpart. */
export interface KeyLimit {
  name: string;
  /** What the adapter can offer. */
  value: string;
  /** What this page's device was created with (WebGPU's defaults unless a page asks). */
  deviceValue: string;
  meaning: string;
  cuda: string;
}

/** The limits the card explains, in order, with their meaning and CUDA counterpart. */
export const KEY_LIMITS: ReadonlyArray<Omit<KeyLimit, 'value' | 'deviceValue'>> = [
  {
    name: 'maxComputeInvocationsPerWorkgroup',
    meaning: 'threads in one workgroup',
    cuda: 'maxThreadsPerBlock',
  },
  {
    name: 'maxComputeWorkgroupSizeX',
    meaning: 'workgroup width along x',
    cuda: 'maxThreadsDim[0]',
  },
  {
    name: 'maxComputeWorkgroupsPerDimension',
    meaning: 'workgroups along one grid dimension',
    cuda: 'maxGridSize',
  },
  {
    name: 'maxComputeWorkgroupStorageSize',
    meaning: 'workgroup (shared) memory per workgroup',
    cuda: 'sharedMemPerBlock',
  },
  {
    name: 'maxStorageBufferBindingSize',
    meaning: 'largest array one kernel can bind',
    cuda: 'none: a CUDA kernel can address all device memory',
  },
  {
    name: 'maxBufferSize',
    meaning: 'largest single buffer',
    cuda: 'none: bounded by totalGlobalMem',
  },
  {
    name: 'subgroupMinSize',
    meaning: 'smallest subgroup (lockstep group of threads)',
    cuda: 'warpSize (always 32 on NVIDIA)',
  },
  {
    name: 'subgroupMaxSize',
    meaning: 'largest subgroup',
    cuda: 'warpSize',
  },
];

/** PyTorch's `torch.cuda.get_device_properties(i)` fields beside what WebGPU tells a page. */
export const PYTORCH_COUNTERPARTS: ReadonlyArray<{ pytorch: string; webgpu: string }> = [
  { pytorch: 'name', webgpu: 'vendor, architecture and description (often vague, on purpose)' },
  {
    pytorch: 'major, minor (compute capability)',
    webgpu: 'not exposed; the architecture string is the closest hint',
  },
  {
    pytorch: 'total_memory',
    webgpu: 'not exposed; maxBufferSize caps one buffer, not the card',
  },
  { pytorch: 'multi_processor_count', webgpu: 'not exposed' },
  {
    pytorch: 'is a CUDA device at all',
    webgpu: 'isFallbackAdapter: true means software on the CPU',
  },
];

/** Whether a limit counts bytes (and so is shown in KiB, MiB or GiB). */
function isByteLimit(name: string): boolean {
  return (
    /(Size|BindingSize|StorageSize)$/.test(name) &&
    !/WorkgroupSize[XYZ]$/.test(name) &&
    !/^subgroup/.test(name)
  );
}

/** A limit's value for people: bytes as KiB/MiB/GiB, counts with separators. */
export function formatLimit(name: string, value: number): string {
  return isByteLimit(name) ? formatBytesBinary(value) : formatCount(value);
}

/** The identity rows: who made it, what it is, whether it is a fallback. */
export function identityFacts(adapter: GpuAdapterSummary, timestampQuery: boolean): Fact[] {
  const shown = (text: string): string => text || 'not reported';
  return [
    { label: 'Vendor', value: shown(adapter.vendor) },
    { label: 'Architecture', value: shown(adapter.architecture) },
    { label: 'Device', value: shown(adapter.device) },
    { label: 'Description', value: shown(adapter.description) },
    {
      label: 'Software fallback',
      value: adapter.isFallback ? 'yes: runs on the CPU' : 'no: a hardware GPU',
    },
    {
      label: 'GPU timestamps',
      value: timestampQuery ? 'yes (timestamp-query)' : 'no: timing uses completion time',
    },
  ];
}

/**
 * The key limits the adapter reports, with what this page's device got, their meaning and CUDA
 * counterpart. `deviceLimits` are the device's (a device gets WebGPU's defaults unless the page
 * asks for more, which is why they can be lower than the adapter's).
 */
export function keyLimits(
  adapter: GpuAdapterSummary,
  deviceLimits: Record<string, number>,
): KeyLimit[] {
  return KEY_LIMITS.filter((l) => adapter.limits[l.name] !== undefined).map((l) => {
    const onDevice = deviceLimits[l.name];
    return {
      ...l,
      value: formatLimit(l.name, adapter.limits[l.name] as number),
      deviceValue: onDevice === undefined ? 'not reported' : formatLimit(l.name, onDevice),
    };
  });
}

/** Every limit, sorted by name, formatted. */
export function allLimits(adapter: GpuAdapterSummary): Fact[] {
  return Object.keys(adapter.limits)
    .sort()
    .map((name) => ({ label: name, value: formatLimit(name, adapter.limits[name] as number) }));
}
