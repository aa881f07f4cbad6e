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
    fileParallelism: false,
    pool: 'forks',
  },
});
