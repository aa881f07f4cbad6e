/**
 * Runs an operation's float32 arithmetic on the session's compute backend (WebGPU) when the
 * result lives on the simulated GPU, checks it against the CPU reference, and stores the values.
 */
import { castValue, DTYPES } from './dtype';
import type { ComputeRun, TensorCompute } from './compute';
import { withinTolerance } from './compute';
import { measuredFrom, type KernelLaunch } from './kernel-launch';
import type { TorchSession } from './session';
import type { Tensor } from './tensor';

/**
 * Stores `reference` (CPU, float64 rounded to the dtype) in `out`, or the backend's values
 * when `run` is given, the result is a float CUDA tensor, and every value agrees with the
 * reference within tolerance; then the backend's time per launch is added to `launch`. A
 * disagreement keeps the reference and is counted, and no time is shown for it.
 */
export async function computeOnBackend(
  session: TorchSession,
  out: Tensor,
  reference: Float64Array,
  run: ((compute: TensorCompute) => Promise<ComputeRun>) | null,
  launch: KernelLaunch | null = null,
): Promise<void> {
  out.storage.values = reference;
  out.storage.computedBy = 'cpu';
  const compute = session.compute;
  const eligible =
    out.storage.device.type === 'cuda' &&
    DTYPES[out.dtype].kind === 'float' &&
    out.dtype !== 'float64';
  if (!compute || !run || !eligible || reference.length === 0) return;
  let result: ComputeRun;
  try {
    result = await run(compute);
  } catch {
    session.backendResults.mismatched++;
    return;
  }
  const values = Float64Array.from(result.values, (v) => castValue(v, out.dtype));
  // Half-precision results may round to neighbouring values: allow about one of their steps.
  const relative = out.dtype === 'float32' ? 1e-4 : 1e-2;
  const agrees =
    values.length === reference.length &&
    reference.every((r, i) => withinTolerance(r, values[i] ?? Number.NaN, relative));
  session.backendResults.computed++;
  if (!agrees) {
    session.backendResults.mismatched++;
    return;
  }
  out.storage.values = values;
  out.storage.computedBy = 'webgpu';
  if (launch) launch.measured = measuredFrom(result);
}
