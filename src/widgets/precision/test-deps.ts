/** Fake WebGPU for the explorer's tests: a device with or without f16, and canned results. */
import type { KernelDeps, KernelResult, KernelTarget, KernelVariant } from './kernel-controller';

/** A canned result: f16 has about a thousand times the f32 error. */
export function fakeKernelResult(variant: KernelVariant, n: number): KernelResult {
  return {
    variant,
    n,
    medianSeconds: variant === 'f16' ? 0.002 : 0.004,
    timing: 'completion',
    flopsPerSecond: (2 * n ** 3) / (variant === 'f16' ? 0.002 : 0.004),
    maxAbsError: variant === 'f16' ? 0.03 : 2e-6,
    relativeError: variant === 'f16' ? 0.004 : 3e-7,
    verified: true,
    checkText: `all ${n * n} values match the CPU reference`,
  };
}

/** Deps whose device has f16 or not; `measured` records every call. */
export function fakeKernelDeps(options: { f16: boolean; fallback?: boolean; fail?: string }): {
  deps: KernelDeps;
  measured: Array<{ variant: KernelVariant; n: number }>;
  released: () => number;
} {
  const measured: Array<{ variant: KernelVariant; n: number }> = [];
  let releases = 0;
  const target: KernelTarget = {
    adapter: { description: 'google · swiftshader', fallback: options.fallback ?? true },
    f16: options.f16
      ? { available: true }
      : {
          available: false,
          reason:
            'This WebGPU adapter (google · swiftshader) does not offer the "shader-f16" feature.',
        },
    async measure(variant, n) {
      measured.push({ variant, n });
      if (options.fail) throw new Error(options.fail);
      return fakeKernelResult(variant, n);
    },
    release: () => {
      releases++;
    },
  };
  return {
    deps: { acquire: async () => ({ ok: true, target }) },
    measured,
    released: () => releases,
  };
}
