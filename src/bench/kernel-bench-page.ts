/**
 * The benchmark page: acquires this browser's WebGPU device (with timestamp queries where the
 * adapter has them), runs the kernel benchmark and leaves the report on `window.kernelBench`
 * for scripts/bench-kernels.ts to collect. Progress lines go to the console.
 */
import { acquireGpu } from '../gpu';
import { runKernelBench, type BenchReport } from './kernel-bench';

/** Where the page leaves its outcome. */
export type BenchOutcome = { ok: true; report: BenchReport } | { ok: false; message: string };

declare global {
  interface Window {
    kernelBench?: BenchOutcome;
  }
}

/** Runs the benchmark and publishes the outcome. */
async function main(): Promise<BenchOutcome> {
  const acquired = await acquireGpu({ optionalFeatures: ['timestamp-query', 'subgroups'] });
  if (!acquired.ok) return { ok: false, message: acquired.message };
  try {
    const report = await runKernelBench(acquired.gpu, {
      log: (line) => console.info(`[bench] ${line}`),
      driver: { runtime: 'browser', userAgent: navigator.userAgent },
    });
    return { ok: true, report };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    acquired.gpu.device.destroy();
  }
}

void main().then((outcome) => {
  window.kernelBench = outcome;
  const out = document.getElementById('result');
  if (out) out.textContent = JSON.stringify(outcome, null, 2);
});
