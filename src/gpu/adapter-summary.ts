/**
 * A plain-data summary of a WebGPU adapter (who made it, whether it is a software fallback,
 * its limits and features), built by pure functions that work on loosely shaped objects so
 * they can be tested without a GPU.
 */

/** What the app records about the adapter it got. */
export interface GpuAdapterSummary {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  /** True for a software or otherwise slow fallback adapter (SwiftShader, llvmpipe, WARP). */
  isFallback: boolean;
  /** Every numeric limit the adapter reports, by its WebGPU name. */
  limits: Record<string, number>;
  /** The adapter's feature names, sorted. */
  features: string[];
  /** `info.subgroupMaxSize`, where the adapter reports it. */
  subgroupMaxSize?: number;
  /**
   * `info.subgroupMatrixConfigs` (Dawn's experimental subgroup matrices: tensor cores), as plain
   * data, where the adapter reports them.
   */
  subgroupMatrixConfigs?: SubgroupMatrixConfigData[];
}

/** One subgroup-matrix shape and element types, as plain data. */
export interface SubgroupMatrixConfigData {
  componentType: string;
  resultComponentType: string;
  M: number;
  N: number;
  K: number;
}

/** The identity strings of an adapter, as `GPUAdapterInfo` gives them. */
export interface AdapterIdentity {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
}

/** The parts of a `GPUAdapter` the summary reads; every field may be missing in old browsers. */
export interface AdapterLike {
  info?: Partial<AdapterIdentity> & {
    isFallbackAdapter?: boolean;
    subgroupMaxSize?: number;
    subgroupMatrixConfigs?: Iterable<unknown>;
  };
  /** The flag's older home, directly on the adapter. */
  isFallbackAdapter?: boolean;
  limits?: object;
  features?: Iterable<string>;
}

/** The limits the WebGPU specification defines; read by name in case enumeration fails. */
export const KNOWN_LIMIT_NAMES: readonly string[] = [
  'maxTextureDimension1D',
  'maxTextureDimension2D',
  'maxTextureDimension3D',
  'maxTextureArrayLayers',
  'maxBindGroups',
  'maxBindGroupsPlusVertexBuffers',
  'maxBindingsPerBindGroup',
  'maxDynamicUniformBuffersPerPipelineLayout',
  'maxDynamicStorageBuffersPerPipelineLayout',
  'maxSampledTexturesPerShaderStage',
  'maxSamplersPerShaderStage',
  'maxStorageBuffersPerShaderStage',
  'maxStorageTexturesPerShaderStage',
  'maxUniformBuffersPerShaderStage',
  'maxUniformBufferBindingSize',
  'maxStorageBufferBindingSize',
  'minUniformBufferOffsetAlignment',
  'minStorageBufferOffsetAlignment',
  'maxVertexBuffers',
  'maxBufferSize',
  'maxVertexAttributes',
  'maxVertexBufferArrayStride',
  'maxInterStageShaderVariables',
  'maxColorAttachments',
  'maxColorAttachmentBytesPerSample',
  'maxComputeWorkgroupStorageSize',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupSizeX',
  'maxComputeWorkgroupSizeY',
  'maxComputeWorkgroupSizeZ',
  'maxComputeWorkgroupsPerDimension',
];

/** Words in an adapter's identity that mark a software renderer. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|lavapipe|softpipe|microsoft basic render/i;

/**
 * Whether an adapter is a fallback: either flag says so, or its identity names a known
 * software renderer (Dawn in Node reports SwiftShader without always setting the flag).
 */
export function detectFallback(
  identity: AdapterIdentity,
  flags: { infoFlag?: boolean | undefined; adapterFlag?: boolean | undefined } = {},
): boolean {
  if (flags.infoFlag === true || flags.adapterFlag === true) return true;
  if (identity.architecture.toLowerCase() === 'swiftshader') return true;
  if (identity.vendor.toLowerCase() === 'google' && /swiftshader/i.test(identity.description)) {
    return true;
  }
  return SOFTWARE_RENDERER.test(`${identity.device} ${identity.description}`);
}

/** Reads `object[name]` without letting a throwing getter escape. */
function readField(object: object, name: string): unknown {
  try {
    return (object as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}

/** Copies every numeric limit: the known names plus whatever the object enumerates. */
export function copyLimits(limits: object | undefined): Record<string, number> {
  const copy: Record<string, number> = {};
  if (!limits) return copy;
  const names = new Set(KNOWN_LIMIT_NAMES);
  try {
    for (const name in limits) names.add(name);
  } catch {
    // Some bindings refuse enumeration; the known names are enough.
  }
  for (const name of names) {
    const value = readField(limits, name);
    if (typeof value === 'number' && Number.isFinite(value)) copy[name] = value;
  }
  return copy;
}

/** The subgroup-matrix configurations as plain data; malformed entries are left out. */
export function copySubgroupMatrixConfigs(configs: unknown): SubgroupMatrixConfigData[] {
  const copy: SubgroupMatrixConfigData[] = [];
  try {
    for (const c of (configs ?? []) as Iterable<unknown>) {
      if (typeof c !== 'object' || c === null) continue;
      const [componentType, resultComponentType, M, N, K] = [
        'componentType',
        'resultComponentType',
        'M',
        'N',
        'K',
      ].map((name) => readField(c, name));
      if (
        typeof componentType === 'string' &&
        typeof resultComponentType === 'string' &&
        typeof M === 'number' &&
        typeof N === 'number' &&
        typeof K === 'number'
      ) {
        copy.push({ componentType, resultComponentType, M, N, K });
      }
    }
  } catch {
    // Not iterable: no configurations.
  }
  return copy;
}

/** Builds the summary of an adapter; never throws, filling gaps with empty values. */
export function summarizeAdapter(adapter: AdapterLike): GpuAdapterSummary {
  const info = adapter.info ?? {};
  const identity: AdapterIdentity = {
    vendor: info.vendor ?? '',
    architecture: info.architecture ?? '',
    device: info.device ?? '',
    description: info.description ?? '',
  };
  let features: string[] = [];
  try {
    features = [...(adapter.features ?? [])].sort();
  } catch {
    features = [];
  }
  return {
    ...identity,
    isFallback: detectFallback(identity, {
      infoFlag: info.isFallbackAdapter,
      adapterFlag: adapter.isFallbackAdapter,
    }),
    limits: copyLimits(adapter.limits),
    features,
    ...(typeof info.subgroupMaxSize === 'number' ? { subgroupMaxSize: info.subgroupMaxSize } : {}),
    ...(info.subgroupMatrixConfigs === undefined
      ? {}
      : { subgroupMatrixConfigs: copySubgroupMatrixConfigs(info.subgroupMatrixConfigs) }),
  };
}

/** A one-line label for an adapter, e.g. "google · swiftshader"; "unknown adapter" when blank. */
export function adapterLabel(
  a: Pick<GpuAdapterSummary, 'vendor' | 'architecture' | 'device' | 'description'>,
): string {
  return (
    [a.vendor, a.architecture, a.device || a.description].filter(Boolean).join(' · ') ||
    'unknown adapter'
  );
}

/** What widgets show about the adapter they measured on. */
export interface AdapterFacts {
  /** A one-line label ("google · swiftshader"). */
  description: string;
  /** True for a software fallback adapter: the "GPU" is emulated on the CPU. */
  isFallback: boolean;
}

/** The adapter facts of a summary. */
export function adapterFacts(a: GpuAdapterSummary): AdapterFacts {
  return { description: adapterLabel(a), isFallback: a.isFallback };
}
