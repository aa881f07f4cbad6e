/**
 * Gathering what the machine check reports, through the course's own GPU runtime: the page's
 * shared device (the same detection every widget uses, asking for the features the course can
 * use), the adapter's summary, and a ReLU over a million floats measured for about two seconds
 * with the timing harness and its output checked against the CPU reference (`measureKernel`,
 * as the explorer measures it). No React.
 */
import {
  adapterLabel,
  measureKernel,
  shareGpu,
  type GpuAcquisition,
  type GpuContext,
} from '../gpu';
import { describeF32Check } from '../compute/verify-f32';
import { COURSE_FEATURES, COURSE_LIMITS, type KernelReport, type MachineFacts } from './verdicts';

/** The test kernel's size: a million floats, 8 MB in and out. */
export const TEST_ELEMENTS = 1 << 20;
/** About how long the test kernel is timed, in seconds. */
export const TEST_SECONDS = 2;

/** What the check reads from its environment (injected in tests). */
export interface CheckEnvironment {
  secureContext: boolean;
  userAgent: string;
  now(): Date;
}

/** The browser's environment. */
export function browserEnvironment(): CheckEnvironment {
  return {
    secureContext: typeof isSecureContext === 'boolean' ? isSecureContext : false,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    now: () => new Date(),
  };
}

/** The page's shared device, asking for every feature the course can use. */
export function acquireForCheck(): Promise<GpuAcquisition> {
  return shareGpu({
    optionalFeatures: ['timestamp-query', 'subgroups', 'shader-f16'] as GPUFeatureName[],
  });
}

/** The facts an acquisition gives, before the test kernel runs. */
export function factsOf(acquisition: GpuAcquisition, env: CheckEnvironment): MachineFacts {
  const base = {
    secureContext: env.secureContext,
    userAgent: env.userAgent,
    checkedAt: env.now().toISOString(),
    kernel: null,
  };
  if (!acquisition.ok) {
    return {
      ...base,
      webgpu: { ok: false, reason: acquisition.reason, message: acquisition.message },
      adapter: null,
      features: COURSE_FEATURES.map((f) => ({ ...f, offered: false })),
      limits: COURSE_LIMITS.map((l) => ({ ...l, adapter: null })),
    };
  }
  const a = acquisition.gpu.adapter;
  return {
    ...base,
    webgpu: { ok: true },
    adapter: {
      label: adapterLabel(a),
      vendor: a.vendor,
      architecture: a.architecture,
      device: a.device,
      description: a.description,
      isFallback: a.isFallback,
    },
    features: COURSE_FEATURES.map((f) => ({ ...f, offered: a.features.includes(f.name) })),
    limits: COURSE_LIMITS.map((l) => ({ ...l, adapter: a.limits[l.name] ?? null })),
  };
}

/** Runs the test kernel on `gpu` for about TEST_SECONDS and checks it against the CPU. */
export async function runTestKernel(
  gpu: GpuContext,
  signal?: AbortSignal,
  clock: () => number = () => performance.now() / 1000,
): Promise<KernelReport> {
  const started = clock();
  try {
    const run = await measureKernel(
      gpu,
      'relu',
      { elements: TEST_ELEMENTS, workgroupSize: 256 },
      {
        ...(signal ? { signal } : {}),
        measure: {
          samples: 20,
          minSamples: 3,
          budgetSeconds: TEST_SECONDS,
          wallLimitSeconds: TEST_SECONDS,
        },
      },
    );
    return {
      ok: true,
      kernel: 'ReLU',
      elements: run.size.elements,
      seconds: run.measurement.medianSeconds,
      bytesPerSecond: run.bytesPerSecond,
      method:
        run.measurement.method === 'timestamp-query' ? 'GPU timestamps' : 'time to completion',
      verified: run.check.ok,
      detail: describeF32Check(run.check),
      wallSeconds: clock() - started,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
