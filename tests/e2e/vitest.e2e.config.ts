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
    fileParallelism: false,
    pool: 'forks',
  },
});
