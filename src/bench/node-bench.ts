/**
 * The kernel benchmark in Node, on Dawn (the `webgpu` package): for machines where a browser is
 * not wanted, or to run on a real GPU's Vulkan driver. Prints progress on stderr and the report
 * as the last stdout line. Run it through vite-node or a `vite build --ssr` bundle, so the WGSL
 * `?raw` imports resolve; scripts/bench-kernels.ts drives the browser version instead.
 */
import { acquireGpu } from '../gpu';
import { runKernelBench } from './kernel-bench';

// Dawn's promises hold no Node handle: without a timer, Node would see an idle event loop and
// exit in the middle of a measurement.
const keepAlive = setInterval(() => {}, 1000);
const { create, globals } = await import('webgpu');
Object.assign(globalThis, globals);
const instance = create([]);
// Dawn tears its instance down (and every device with it) once this object is collected, and a
// module-level const is not enough to stop that here: hold it from the global object.
(globalThis as { webgpuInstance?: GPU }).webgpuInstance = instance;
const acquired = await acquireGpu({
  gpu: instance,
  optionalFeatures: ['timestamp-query', 'subgroups'],
});
if (!acquired.ok) {
  console.error(`no GPU: ${acquired.message}`);
  process.exit(1);
}
const report = await runKernelBench(acquired.gpu, {
  log: (line) => console.error(`[bench] ${line}`),
});
console.log(JSON.stringify(report));
acquired.gpu.device.destroy();
clearInterval(keepAlive);
