/** Test helper: explorer dependencies with a fixed clock and a fake GPU that always verifies. */
import type { ExplorerDeps } from './controller';

/** Fake dependencies for the explorer's view tests; `overrides` replace any of them. */
export function fakeDeps(overrides: Partial<ExplorerDeps> = {}): ExplorerDeps {
  return {
    now: () => 0,
    reducedMotion: () => false,
    webgpuMissingReason: () => null,
    getGpu: async () => ({
      ok: true,
      adapter: { description: 'google · swiftshader', isFallback: true },
      measure: async (elements, workgroupSize) => ({
        secondsPerKernel: 3.2e-4,
        repeats: 40,
        batches: 3,
        relativeSpread: 0.01,
        method: 'completion',
        workgroupSize,
        verified: true,
        detail: `all ${elements.toLocaleString('en-US')} values match the CPU reference bit for bit`,
      }),
    }),
    ...overrides,
  };
}
