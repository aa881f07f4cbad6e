import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Three test projects:
 * - unit: pure code in Node, on every core, in worker threads that keep their module cache from
 *   one test file to the next (no per-file isolation: most of the time such a file takes is
 *   importing its modules, and most files import the same ones);
 * - unit-isolated: components (jsdom) and the files that replace modules (`vi.mock`), each in a
 *   fresh module graph: a mock must not meet a module another file already imported, and a
 *   component's lazy imports must not outlive its file's DOM. They run in VM contexts inside
 *   reused worker threads (pool `vmThreads`), which isolates each file at about two thirds of the
 *   CPU a fresh thread per file costs (measured: 130 against 204 CPU-s for the 64 files);
 * - unit-isolated-threads: the few isolated files whose code crosses the VM boundary (Node's
 *   streams and fetch meeting the file's globals), marked `@vitest-pool threads` with the reason,
 *   in a fresh worker thread each;
 * - gpu: WGSL kernels on real WebGPU in Node (Dawn + SwiftShader), in one forked process (so the
 *   Vulkan environment set by scripts/with-webgpu.sh reaches the loader), file after file.
 * Browser end-to-end tests live in tests/e2e and have their own config.
 */

/** The folders unit tests live in. */
const UNIT_ROOTS = ['src', 'tests/unit', 'scripts'];

/** Every unit test file (not a kernel test), as a path from the repository root. */
function unitTestFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gpu.test.ts')) {
        files.push(path);
      }
    }
  };
  for (const root of UNIT_ROOTS) walk(root);
  return files;
}

/** The unit test files that run in jsdom or replace a module with `vi.mock` or `vi.doMock`. */
const ISOLATED_FILES = unitTestFiles().filter((file) =>
  /@vitest-environment jsdom|\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8')),
);

/** Isolated files that must run in a thread of their own (they say why, after the marker). */
const THREAD_FILES = ISOLATED_FILES.filter((file) =>
  readFileSync(file, 'utf8').includes('@vitest-pool threads'),
);

/** What the unit projects share. */
const unitTest = {
  environment: 'node' as const,
  setupFiles: ['./tests/setup-unit.ts'],
  // A safety net, not a speed check: CI runs on a loaded 2-core machine, where a test that takes
  // one second here can take several.
  testTimeout: 30_000,
  // Every core (Vitest's default leaves one free: a single worker on two cores), in worker
  // threads (lighter to start than child processes).
  maxWorkers: '100%',
  pool: 'threads' as const,
};

export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          ...unitTest,
          name: 'unit',
          include: UNIT_ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`),
          exclude: ['**/*.gpu.test.ts', 'node_modules/**', ...ISOLATED_FILES],
          isolate: false,
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          ...unitTest,
          name: 'unit-isolated',
          include: ISOLATED_FILES.filter((file) => !THREAD_FILES.includes(file)),
          pool: 'vmThreads',
        },
      },
      {
        extends: './vite.config.ts',
        test: { ...unitTest, name: 'unit-isolated-threads', include: THREAD_FILES },
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
          // One process for every file, its modules (the Dawn binding among them) loaded once:
          // each file still acquires and destroys its own device. Measured: 88 against 101 CPU-s.
          isolate: false,
        },
      },
    ],
  },
});
