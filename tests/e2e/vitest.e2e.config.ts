import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, started first. Two workers share the files; whichever file starts
 * last sets how long the other worker idles at the end, and Vitest's own order (by recorded
 * duration, and in a fresh clone with nothing recorded, by file size) put the longest file, the
 * small all-lessons.e2e.ts, last: 60 to 70 s with one worker idle. Measured each alone here.
 */
const LONGEST_FIRST = ['all-lessons', 'kernel-lab', 'share-links'];

/** Vitest's order, with LONGEST_FIRST moved to the front. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.e2e.ts`));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    // Two files at a time, each worker with its own browser: a page mostly waits on its renderer,
    // so two share a 2-core machine well (about a quarter faster than one at a time, measured).
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    // A worker runs file after file in one process, its modules (Playwright among them) loaded
    // once and its browser shared (tests/e2e/browser.ts: sharedBrowser); each test still gets
    // a fresh context.
    isolate: false,
  },
});
