/**
 * The kernel benchmark in Node, on Dawn (the `webgpu` package): for machines where a browser is
 * not wanted, or to run on a real GPU's Vulkan driver. Prints progress on stderr and the report
 * as the last stdout line. With `--out DIR` it also writes the report to
 * `DIR/kernel-bench-<adapter>-<date>.json`, but only for a hardware adapter: a software fallback's
 * report is printed and not written (bench-stats.ts says why). `--repetitions N` sets how many
 * times the whole sequence runs (default 3); `--copy-sweep` times only the copy kernel at several
 * widths and sizes (copy-sweep.ts). Dawn's instance allows unsafe APIs, so experimental
 * features such as subgroup matrices (tensor cores) are offered where the GPU has them. Run it
 * through a `vite build --ssr` bundle, so the WGSL `?raw` imports resolve (scripts/device/
 * kernel-bench.sh does).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { acquireGpu, TENSOR_CORE_FEATURES } from '../gpu';
import { reportDestination } from './bench-stats';
import { memorySequence, sweepCopy } from './copy-sweep';
import { DEFAULT_REPETITIONS, runKernelBench } from './kernel-bench';
import { parseNodeBenchArgs } from './node-args';

/** Dawn toggles the instance is created with. */
const DAWN_TOGGLES = ['enable-dawn-features=allow_unsafe_apis'];

/** The `webgpu` package's version, read from its package.json beside its entry point. */
function webgpuPackageVersion(): string {
  try {
    const entry = createRequire(import.meta.url).resolve('webgpu');
    const json = JSON.parse(readFileSync(join(dirname(entry), 'package.json'), 'utf8')) as {
      version?: string;
    };
    return json.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

let args;
try {
  args = parseNodeBenchArgs(process.argv.slice(2), DEFAULT_REPETITIONS);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

// Dawn's promises hold no Node handle: without a timer, Node would see an idle event loop and
// exit in the middle of a measurement.
const keepAlive = setInterval(() => {}, 1000);
const { create, globals } = await import('webgpu');
Object.assign(globalThis, globals);
const instance = create(DAWN_TOGGLES);
// Dawn tears its instance down (and every device with it) once this object is collected, and a
// module-level const is not enough to stop that here: hold it from the global object.
(globalThis as { webgpuInstance?: GPU }).webgpuInstance = instance;
const acquired = await acquireGpu({
  gpu: instance,
  optionalFeatures: ['timestamp-query', 'subgroups', ...TENSOR_CORE_FEATURES],
});
if (!acquired.ok) {
  console.error(`no GPU: ${acquired.message}`);
  process.exit(1);
}
if (args.copySweep) {
  const log = (line: string): void => console.error(`[copy] ${line}`);
  const rows = await sweepCopy(acquired.gpu, { log });
  const sequence = await memorySequence(acquired.gpu, { log });
  console.log(JSON.stringify({ adapter: acquired.gpu.adapter.device, copySweep: rows, sequence }));
  acquired.gpu.device.destroy();
  clearInterval(keepAlive);
  process.exit(0);
}
const report = await runKernelBench(acquired.gpu, {
  log: (line) => console.error(`[bench] ${line}`),
  repetitions: args.repetitions,
  driver: {
    runtime: 'node',
    versions: { ...process.versions } as Record<string, string>,
    webgpuPackage: webgpuPackageVersion(),
    toggles: DAWN_TOGGLES,
  },
});
const json = JSON.stringify(report);
console.log(json);
if (args.outDirectory) {
  const destination = reportDestination(
    args.outDirectory,
    report.adapter,
    new Date(report.date),
    existsSync,
  );
  if (destination.ok) {
    mkdirSync(args.outDirectory, { recursive: true });
    writeFileSync(destination.path, `${JSON.stringify(report, null, 2)}\n`);
    console.error(`[bench] report written to ${destination.path}`);
  } else {
    console.error(`[bench] ${destination.reason}`);
  }
}
acquired.gpu.device.destroy();
clearInterval(keepAlive);
