/**
 * `npm run -s bench:kernels`: runs the lab's kernels in headless Chromium with WebGPU and prints,
 * as the last stdout line, one JSON object: the adapter, each kernel's size, median seconds,
 * GB/s, GFLOP/s, whether its output was verified and its fraction of the measured roofs (copy
 * kernel bandwidth or FMA kernel FLOP/s), the ratios between the lab's steps, and issue 14's
 * targets. The page's progress lines, ending with the same figures as a table, go to stderr.
 *
 * It serves src/bench/kernels.html with Vite's dev server (no build step: the page imports the
 * same TypeScript and WGSL the app uses, and nothing of the app's lessons), opens it in the
 * system Chromium the browser tests use, and waits for the page to publish its report. Progress
 * goes to stderr. Exit status 1 when the page reports no GPU or a failure.
 */
import { createServer } from 'vite';
import { launchBrowser } from '../tests/e2e/browser.ts';
import type { BenchOutcome } from '../src/bench/kernel-bench-page.ts';

/** Longest the page may take, in milliseconds. */
const PAGE_TIMEOUT_MS = 150_000;

async function main(): Promise<number> {
  const server = await createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
  const base = server.resolvedUrls?.local[0];
  const browser = await launchBrowser({ webgpu: true });
  try {
    if (!base) throw new Error('the Vite server reported no local URL');
    const page = await browser.newPage();
    page.on('console', (message) => process.stderr.write(`${message.text()}\n`));
    page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
    process.stderr.write(`[bench] opening ${base}src/bench/kernels.html\n`);
    await page.goto(`${base}src/bench/kernels.html`);
    await page.waitForFunction(() => window.kernelBench !== undefined, undefined, {
      timeout: PAGE_TIMEOUT_MS,
      polling: 250,
    });
    const outcome = (await page.evaluate(() => window.kernelBench)) as BenchOutcome;
    if (!outcome.ok) {
      process.stderr.write(`[bench] failed: ${outcome.message}\n`);
      return 1;
    }
    process.stdout.write(`${JSON.stringify(outcome.report)}\n`);
    return 0;
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[bench] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
