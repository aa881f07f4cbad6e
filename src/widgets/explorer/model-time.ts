/**
 * The modeled time of the explorer's kernel, from the cost engine. A catalog GPU goes straight
 * through `predictKernel`. A hand-set GPU is not in the catalog, so its prediction applies the
 * same roofline rule with the engine's own parts (`chooseUnit`, `achievableMemoryBytesPerSecond`,
 * `scheduleWaves`) to the hand-set counts; a test checks the two agree on every catalog GPU.
 */
import {
  achievableMemoryBytesPerSecond,
  arithmeticIntensity,
  chooseUnit,
  predictKernel,
  scheduleWaves,
  type KernelBound,
  type KernelDescriptor,
  type KernelPrediction,
} from '../../engine';
import { explorerElementwiseDescriptor } from '../../gpu/kernels/explorer-elementwise/explorer-elementwise';
import type { ExplorerHardware } from './hardware';

/** The engine's roofline rule applied to any GPU object, including hand-set ones. */
export function predictOnHardware(
  hardware: ExplorerHardware,
  descriptor: KernelDescriptor,
): KernelPrediction {
  const { gpu } = hardware;
  const choice = chooseUnit(gpu, descriptor.kind, descriptor.precision);
  const bytesPerSecond = achievableMemoryBytesPerSecond(gpu);
  const flopsPerSecond = choice.peakFlopsPerSecond.value * choice.achievableFraction.value;
  let utilization = 1;
  let waves: number | null = null;
  if (descriptor.blocks !== undefined && descriptor.threadsPerBlock !== undefined) {
    const schedule = scheduleWaves({
      blocks: descriptor.blocks,
      threadsPerBlock: descriptor.threadsPerBlock,
      sms: hardware.sms,
      maxThreadsPerSm: gpu.maxThreadsPerSm.value,
      maxBlocksPerSm: gpu.maxBlocksPerSm.value,
      ...(descriptor.blocksPerSm === undefined ? {} : { blocksPerSmLimit: descriptor.blocksPerSm }),
    });
    utilization = schedule.utilization;
    waves = schedule.waves;
  }
  const memorySeconds = (descriptor.bytesRead + descriptor.bytesWritten) / bytesPerSecond;
  const computeSeconds = descriptor.flops / flopsPerSecond / utilization;
  const launchSeconds = gpu.launchOverheadSeconds.value;
  const workSeconds = Math.max(memorySeconds, computeSeconds);
  const bound: KernelBound =
    launchSeconds >= workSeconds
      ? 'overhead'
      : memorySeconds >= computeSeconds
        ? 'memory'
        : 'compute';
  return {
    seconds: launchSeconds + workSeconds,
    memorySeconds,
    computeSeconds,
    launchSeconds,
    bound,
    unit: choice.unit,
    bytesPerSecond,
    flopsPerSecond,
    arithmeticIntensity: arithmeticIntensity(descriptor),
    waveUtilization: utilization,
    waves,
  };
}

/** The cost engine's prediction for ReLU over `elements` in blocks of `threadsPerBlock`. */
export function modelElementwise(
  hardware: ExplorerHardware,
  elements: number,
  threadsPerBlock: number,
): KernelPrediction {
  const descriptor = explorerElementwiseDescriptor(elements, threadsPerBlock);
  return hardware.custom
    ? predictOnHardware(hardware, descriptor)
    : predictKernel(hardware.base.id, descriptor);
}
