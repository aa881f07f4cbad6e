/** Sentences about the CUDA kernels a console line launched: modeled, and measured where run. */
import { formatCount, formatSeconds } from '../../format/units';
import type { KernelLaunch } from '../../torch';

/** Words for what bounds a modeled kernel. */
const BOUND_WORDS: Readonly<Record<string, string>> = {
  memory: 'memory-bound',
  compute: 'compute-bound',
  overhead: 'launch overhead dominates',
};

/** The modeled part: "1.2 µs modeled on A100 SXM4 80GB (launch overhead dominates)". */
export function describeModeled(launch: KernelLaunch): string {
  const m = launch.modeled;
  if (m.seconds === null) return `not modeled (${m.reason})`;
  return `${formatSeconds(m.seconds)} modeled on ${m.gpuName} (${BOUND_WORDS[m.bound] ?? m.bound})`;
}

/** The measured part, or null when the values were not computed on the learner's device. */
export function describeMeasured(launch: KernelLaunch, device: string): string | null {
  const m = launch.measured;
  if (!m) return null;
  const how = m.timing === 'timestamp-query' ? 'GPU timestamps' : 'the page’s clock';
  return `${formatSeconds(m.seconds)} per launch measured on ${device} (${how})`;
}

/** One line about a launch: which kernel, how big, modeled time, and measured time if any. */
export function describeLaunch(launch: KernelLaunch, device: string): string {
  const measured = describeMeasured(launch, device);
  const size = `${formatCount(launch.outputElements)} × ${launch.dtype}`;
  return `↳ kernel ${launch.op} (${size}): ${describeModeled(launch)}${measured ? `; ${measured}` : ''}`;
}
