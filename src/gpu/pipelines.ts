/**
 * The one place WGSL becomes pipelines: compiles a kernel's source, turns compiler messages and
 * refusals into Errors that name the kernel and quote the compiler, and caches shader modules
 * and compute pipelines per device, keyed by kernel, entry point and override constants (as
 * TensorFlow.js's WebGPU backend keys its programs). A failed build is forgotten, so the next
 * request tries again. Nothing else in the app calls `createShaderModule` or
 * `createComputePipeline*`.
 */
import { scoped } from './error-scopes';
import { checkOverrides, type KernelShader } from './kernel-shader';

/** What to build: a kernel's entry point with its override constants. */
export interface PipelineRequest {
  kernel: KernelShader;
  entryPoint: string;
  /** Values of `override` constants; each must be one the entry point declares. */
  constants?: Readonly<Record<string, number>>;
}

interface DeviceCache {
  modules: Map<string, Promise<GPUShaderModule>>;
  pipelines: Map<string, Promise<GPUComputePipeline>>;
}

const caches = new WeakMap<GPUDevice, DeviceCache>();

/** The text of an unknown thrown value. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** The cache key of a request: kernel, entry point and the constants in name order. */
export function pipelineKey(request: PipelineRequest): string {
  const constants = Object.entries(request.constants ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return `${request.kernel.name}|${request.entryPoint}|${JSON.stringify(constants)}`;
}

/** Compiles a kernel's WGSL; rejects quoting the compiler's errors with their line numbers. */
export async function compileKernel(
  device: GPUDevice,
  kernel: KernelShader,
): Promise<GPUShaderModule> {
  const { value: module, error } = scoped(device, `compile the ${kernel.label} shader`, () =>
    device.createShaderModule({ label: kernel.name, code: kernel.source }),
  );
  // The compiler's own messages name the line; the error scope's text is the fallback.
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) {
    const lines = errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ');
    throw new Error(`The ${kernel.label} shader did not compile: ${lines}`);
  }
  const problem = await error;
  if (problem) throw problem;
  return module;
}

/** Builds one pipeline without caching (tests of failure paths use it). */
export async function buildPipeline(
  device: GPUDevice,
  request: PipelineRequest,
  module?: Promise<GPUShaderModule>,
): Promise<GPUComputePipeline> {
  const constants = request.constants ?? {};
  checkOverrides(request.kernel, request.entryPoint, constants);
  const compiled = await (module ?? compileKernel(device, request.kernel));
  try {
    return await device.createComputePipelineAsync({
      label: `${request.kernel.name} (${request.entryPoint})`,
      layout: 'auto',
      compute: { module: compiled, entryPoint: request.entryPoint, constants: { ...constants } },
    });
  } catch (error) {
    throw new Error(
      `WebGPU could not build the ${request.kernel.label} pipeline (${request.entryPoint}): ` +
        messageOf(error),
    );
  }
}

/** The device's cache, created on first use. */
function cacheOf(device: GPUDevice): DeviceCache {
  let cache = caches.get(device);
  if (!cache) {
    cache = { modules: new Map(), pipelines: new Map() };
    caches.set(device, cache);
  }
  return cache;
}

/** Returns the cached promise under `key`, or starts `build` and forgets it if it fails. */
function remember<T>(map: Map<string, Promise<T>>, key: string, build: () => Promise<T>) {
  let entry = map.get(key);
  if (!entry) {
    entry = build();
    map.set(key, entry);
    const built = entry;
    built.catch(() => {
      if (map.get(key) === built) map.delete(key);
    });
  }
  return entry;
}

/** The device's pipeline for a request, built on first use and shared by every caller after. */
export function getPipeline(
  device: GPUDevice,
  request: PipelineRequest,
): Promise<GPUComputePipeline> {
  const cache = cacheOf(device);
  return remember(cache.pipelines, pipelineKey(request), () => {
    const module = remember(cache.modules, request.kernel.name, () =>
      compileKernel(device, request.kernel),
    );
    return buildPipeline(device, request, module);
  });
}

/** How many pipelines and modules the device's cache holds (tests check reuse with it). */
export function pipelineCacheSize(device: GPUDevice): { modules: number; pipelines: number } {
  const cache = caches.get(device);
  return { modules: cache?.modules.size ?? 0, pipelines: cache?.pipelines.size ?? 0 };
}

/** A compiler message about a learner's shader (1-based line and column; line 0: none). */
export interface ShaderMessage {
  type: 'error' | 'warning' | 'info';
  lineNum: number;
  linePos: number;
  message: string;
}

/** A learner's shader compiled, or the compiler's messages saying why not. */
export type LearnerShader =
  | { ok: true; module: GPUShaderModule; messages: ShaderMessage[] }
  | { ok: false; messages: ShaderMessage[] };

/**
 * Compiles WGSL a learner wrote (a puzzle's kernel), uncached, and returns every compiler
 * message with its position instead of throwing, so the page can show them at the learner's
 * line. An error the scopes catch without a message of the compiler's comes back as one
 * message without a position.
 */
export async function compileLearnerShader(
  device: GPUDevice,
  label: string,
  code: string,
): Promise<LearnerShader> {
  const { value: module, error } = scoped(device, `compile ${label}`, () =>
    device.createShaderModule({ label, code }),
  );
  const info = await module.getCompilationInfo();
  const messages = info.messages.map((m): ShaderMessage => ({
    type: m.type,
    lineNum: m.lineNum,
    linePos: m.linePos,
    message: m.message,
  }));
  const problem = await error;
  if (messages.some((m) => m.type === 'error')) return { ok: false, messages };
  if (problem) {
    return {
      ok: false,
      messages: [...messages, { type: 'error', lineNum: 0, linePos: 0, message: problem.message }],
    };
  }
  return { ok: true, module, messages };
}

/** A pipeline for a learner's compiled shader and its layout, or WebGPU's refusal in words. */
export type LearnerPipelineResult =
  | { ok: true; pipeline: GPUComputePipeline; layout: GPUBindGroupLayout }
  | { ok: false; message: string };

/**
 * Builds the pipeline of a learner's shader (from compileLearnerShader) against an explicit
 * layout of group 0's buffer bindings, uncached. Never throws: a refused layout or pipeline
 * comes back as its message.
 */
export async function buildLearnerPipeline(
  device: GPUDevice,
  label: string,
  module: GPUShaderModule,
  bindings: ReadonlyArray<{ binding: number; kind: GPUBufferBindingType }>,
  entryPoint: string,
): Promise<LearnerPipelineResult> {
  const { value: layout, error } = scoped(device, `lay out ${label}`, () =>
    device.createBindGroupLayout({
      label,
      entries: bindings.map((b) => ({
        binding: b.binding,
        visibility: GPUShaderStage.COMPUTE,
        buffer: { type: b.kind },
      })),
    }),
  );
  const problem = await error;
  if (problem) return { ok: false, message: problem.message };
  try {
    const pipeline = await device.createComputePipelineAsync({
      label,
      layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
      compute: { module, entryPoint },
    });
    return { ok: true, pipeline, layout };
  } catch (thrown) {
    return {
      ok: false,
      message: thrown instanceof Error ? thrown.message || thrown.name : String(thrown),
    };
  }
}
