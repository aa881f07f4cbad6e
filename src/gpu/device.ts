/**
 * Acquiring a WebGPU device as a typed result. Nothing here throws: every way of not getting
 * a GPU (no WebGPU at all, no adapter, a refused request) comes back as a reason and a message
 * a learner can read, and the widget falls back to the model.
 */
import { summarizeAdapter, type GpuAdapterSummary } from './adapter-summary';

export type { GpuAdapterSummary } from './adapter-summary';

/** Why no GPU could be had. */
export type GpuUnavailableReason = 'no-webgpu' | 'no-adapter' | 'request-failed';

/** How a device was lost, copied from `GPUDeviceLostInfo`. */
export interface GpuLossInfo {
  reason: string;
  message: string;
}

/** A live device and what is known about it. */
export interface GpuContext {
  device: GPUDevice;
  adapter: GpuAdapterSummary;
  /** Resolves when the device is lost (destroyed, driver reset, tab in the background...). */
  lost: Promise<GpuLossInfo>;
  /** True once `lost` has resolved. */
  isLost(): boolean;
}

/** The outcome of asking for a GPU. */
export type GpuAcquisition =
  { ok: true; gpu: GpuContext } | { ok: false; reason: GpuUnavailableReason; message: string };

/** Options for acquireGpu. */
export interface AcquireGpuOptions {
  /**
   * The WebGPU entry point. When the key is absent, `navigator.gpu` is used; when it is
   * present with `undefined`, the caller means "no WebGPU here".
   */
  gpu?: GPU | undefined;
  powerPreference?: GPUPowerPreference;
  requiredLimits?: Record<string, number>;
  requiredFeatures?: GPUFeatureName[];
  /** Features to ask for when the adapter offers them, left out quietly when it does not. */
  optionalFeatures?: GPUFeatureName[];
}

/** The text of an unknown thrown value. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** `navigator.gpu` when this environment has one. */
function navigatorGpu(): GPU | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { gpu?: GPU }).gpu ?? undefined;
}

const NO_WEBGPU_MESSAGE =
  'This browser has no WebGPU (navigator.gpu is missing). Chrome and Edge 113 or newer have ' +
  'it on desktop, as do recent Safari and Firefox on some systems; it also needs a secure ' +
  'page (https or localhost). The widgets still run from the model.';

const NO_ADAPTER_MESSAGE =
  'WebGPU is present, but the browser offered no GPU adapter. The GPU may be blocked by the ' +
  'browser, hardware acceleration may be off in its settings, or (headless Chromium) the ' +
  '--enable-unsafe-webgpu flag is missing. The widgets still run from the model.';

/** Finds requested limits the adapter cannot meet, as readable phrases. */
export function unmetLimits(
  requested: Record<string, number>,
  offered: Record<string, number>,
): string[] {
  const problems: string[] = [];
  for (const [name, wanted] of Object.entries(requested)) {
    const available = offered[name];
    if (available === undefined) {
      problems.push(`${name} (the adapter does not report it)`);
    } else if (name.startsWith('min') ? wanted < available : wanted > available) {
      problems.push(`${name} ${wanted} (the adapter offers ${available})`);
    }
  }
  return problems;
}

/** Wraps a device in a context whose `lost` promise and `isLost()` flag track its loss. */
function contextFor(device: GPUDevice, adapter: GpuAdapterSummary): GpuContext {
  let lostFlag = false;
  const lost = Promise.resolve(device.lost).then(
    (info): GpuLossInfo => {
      lostFlag = true;
      return { reason: String(info?.reason ?? 'unknown'), message: String(info?.message ?? '') };
    },
    (error: unknown): GpuLossInfo => {
      lostFlag = true;
      return { reason: 'unknown', message: messageOf(error) };
    },
  );
  return { device, adapter, lost, isLost: () => lostFlag };
}

/** Asks for an adapter and a device; resolves with a typed result and never rejects. */
export async function acquireGpu(options: AcquireGpuOptions = {}): Promise<GpuAcquisition> {
  const gpu = 'gpu' in options ? options.gpu : navigatorGpu();
  if (!gpu || typeof gpu.requestAdapter !== 'function') {
    return { ok: false, reason: 'no-webgpu', message: NO_WEBGPU_MESSAGE };
  }
  let adapter: GPUAdapter | null;
  try {
    const adapterOptions: GPURequestAdapterOptions = {};
    if (options.powerPreference) adapterOptions.powerPreference = options.powerPreference;
    adapter = await gpu.requestAdapter(adapterOptions);
  } catch (error) {
    return {
      ok: false,
      reason: 'request-failed',
      message: `Asking the browser for a GPU adapter failed: ${messageOf(error)}`,
    };
  }
  if (!adapter) return { ok: false, reason: 'no-adapter', message: NO_ADAPTER_MESSAGE };

  const summary = summarizeAdapter(adapter);
  const requiredLimits = options.requiredLimits ?? {};
  const unmet = unmetLimits(requiredLimits, summary.limits);
  if (unmet.length > 0) {
    return {
      ok: false,
      reason: 'request-failed',
      message: `This GPU cannot give what the lab needs: ${unmet.join('; ')}.`,
    };
  }
  const offered = (options.optionalFeatures ?? []).filter((f) => summary.features.includes(f));
  try {
    const device = await adapter.requestDevice({
      requiredLimits,
      requiredFeatures: [...new Set([...(options.requiredFeatures ?? []), ...offered])],
    });
    return { ok: true, gpu: contextFor(device, summary) };
  } catch (error) {
    return {
      ok: false,
      reason: 'request-failed',
      message: `The GPU adapter refused to create a device: ${messageOf(error)}`,
    };
  }
}

// One device per page, shared by every widget; a lost device is replaced on the next call.

/**
 * Features the shared device requests whenever the adapter has them: timestamp queries for the
 * timing harness, subgroups for the fast sum reduction (kernels/reduce-fast).
 */
export const SHARED_OPTIONAL_FEATURES: readonly GPUFeatureName[] = ['timestamp-query', 'subgroups'];

let sharedAttempt: Promise<GpuAcquisition> | undefined;
let sharedResult: GpuAcquisition | undefined;

/**
 * The page's shared acquisition. Options only matter for the call that acquires. A failure is
 * remembered too (WebGPU will not appear mid-session); call forgetSharedGpu() to try again.
 */
export function shareGpu(options: AcquireGpuOptions = {}): Promise<GpuAcquisition> {
  if (sharedResult?.ok && sharedResult.gpu.isLost()) forgetSharedGpu();
  if (sharedAttempt) return sharedAttempt;
  // Whichever widget asks first decides the shared device's features, so ask for timestamp
  // queries on everyone's behalf whenever the adapter offers them.
  const optionalFeatures = [
    ...new Set([...SHARED_OPTIONAL_FEATURES, ...(options.optionalFeatures ?? [])]),
  ];
  const attempt = acquireGpu({ ...options, optionalFeatures });
  sharedAttempt = attempt;
  void attempt.then((result) => {
    if (sharedAttempt !== attempt) return;
    sharedResult = result;
    if (result.ok) {
      void result.gpu.lost.then(() => {
        if (sharedAttempt === attempt) forgetSharedGpu();
      });
    }
  });
  return attempt;
}

/** Drops the shared acquisition (without destroying its device) so the next call starts over. */
export function forgetSharedGpu(): void {
  sharedAttempt = undefined;
  sharedResult = undefined;
}
