/**
 * The race batch as a job: every task's chain in one dispatch of `race_batch`, its u32 results
 * compared bit for bit with the CPU reference. The race itself (run.ts) runs the batch in
 * chunks after the serial chain and times the whole; this job measures the batch kernel alone.
 */
import { outputUsage, uniformUsage } from '../../buffers';
import { withErrorScopes } from '../../error-scopes';
import { bindBuffers, singleDispatchJob } from '../../jobs/job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import type { KernelShader } from '../../kernel-shader';
import { getPipeline } from '../../pipelines';
import { gridForItems } from '../../../compute/dispatch';
import { raceBatchCpu } from '../../../compute/race-reference';
import { requireInteger } from '../../../compute/require-integer';
import type { F32Check } from '../../../compute/verify-f32';
import { raceResultBytes } from './limits';
import { RACE_WORKGROUP_SIZE, raceBatchPlan, type RaceBatchSize } from './race';

/** Compares u32 results (read back as f32 words) with the expected ones, as an F32Check. */
export function checkWords(expected: Uint32Array, result: Float32Array): F32Check {
  const actual = new Uint32Array(result.buffer, result.byteOffset, result.length);
  let mismatches = 0;
  let maxAbsError = 0;
  let firstMismatch: F32Check['firstMismatch'];
  for (let index = 0; index < expected.length; index++) {
    const want = expected[index] as number;
    const got = index < actual.length ? (actual[index] as number) : Number.NaN;
    if (got === want) continue;
    mismatches++;
    firstMismatch ??= { index, expected: want, actual: got };
    maxAbsError = Math.max(maxAbsError, Number.isNaN(got) ? Infinity : Math.abs(got - want));
  }
  const total = expected.length;
  const check: F32Check = { ok: mismatches === 0, checked: total, total, mismatches, maxAbsError };
  if (firstMismatch) check.firstMismatch = firstMismatch;
  return check;
}

/** Builds the job of `size.tasks` chains of `size.iterations` steps with `kernel` (the race). */
export async function createRaceBatchJob(
  context: JobContext,
  kernel: KernelShader,
  size: RaceBatchSize,
): Promise<KernelJob> {
  requireInteger('tasks', size.tasks, 1);
  const { device, buffers } = context;
  const maxPerDimension = context.layout.maxWorkgroupsPerDimension;
  const resultBytes = raceResultBytes(size.tasks, device.limits);
  const grid = gridForItems(size.tasks, RACE_WORKGROUP_SIZE, maxPerDimension);
  const pipeline = await getPipeline(device, {
    kernel,
    entryPoint: 'race_batch',
    constants: { WORKGROUP_SIZE: RACE_WORKGROUP_SIZE },
  });
  return withErrorScopes(device, `allocate ${resultBytes} bytes of race results`, () => {
    const params = buffers.upload(
      'race params',
      new Uint32Array([0, size.tasks, size.iterations, grid.rowStride]),
      uniformUsage(),
    );
    const results = buffers.create('race results', resultBytes, outputUsage());
    const group = bindBuffers(device, pipeline, kernel, 'race_batch', { params, results });
    return singleDispatchJob(kernel, raceBatchPlan(size, maxPerDimension), pipeline, group, {
      output: results,
      outputBytes: resultBytes,
      verify: (result) => checkWords(raceBatchCpu(0, size.tasks, size.iterations), result),
    });
  });
}
