import { defineConfig } from 'vitest/config';

/**
 * Two test projects:
 * - unit: pure code (node) and components (jsdom), on every core;
 * - gpu: WGSL kernels on real WebGPU in Node (Dawn + SwiftShader), in forked processes so the
 *   Vulkan environment set by scripts/with-webgpu.sh reaches the loader.
 * Browser end-to-end tests live in tests/e2e and have their own config.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          exclude: ['src/**/*.gpu.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['./tests/setup-unit.ts'],
          // A safety net, not a speed check: CI runs on a loaded 2-core machine, where a test that
          // takes one second here can take several.
          testTimeout: 30_000,
          // Every core (Vitest's default leaves one free: a single worker on two cores), in worker
          // threads (lighter to start for each of ~300 files than the default child processes).
          maxWorkers: '100%',
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'gpu',
          include: ['src/**/*.gpu.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
