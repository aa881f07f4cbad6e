import { defineConfig } from 'vitest/config';

/** End-to-end tests: a real Chromium (playwright-core) against the built app served locally. */
export default defineConfig({
  test: {
    name: 'browser',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Reads of the page wait for what they expect (expect.poll); on a loaded machine a render
    // after a click can take seconds.
    expect: { poll: { timeout: 20_000 } },
    // Two files at a time, each with its own browser: a page mostly waits on its renderer, so two
    // share a 2-core machine well (about a quarter faster than one at a time, measured).
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
  },
});
