/**
 * A batch of identical independent tasks, each a dependent chain of scalar ops, spread over a
 * device's cores, plus a serial stage on one core. This is the "CPU vs GPU race" model.
 *
 * Simplifications, on purpose:
 * - One task runs on one lane (GPU) or one core (CPU) at a time; no SIMD inside a task, and
 *   SMT is ignored, so the CPU has 24 units (8 P + 16 E cores), not 32 threads.
 * - Every op is a "simple" ALU op with the same latency (integer multiplies, which take longer,
 *   are not told apart).
 * - GPU: a lane issues one op per cycle when enough other tasks share its SM to hide the
 *   dependent-op latency L; with fewer than L waves of tasks a chain waits L cycles per op. So a
 *   run takes opsPerTask × max(waves, L) cycles. The lane rate is the boost clock times the
 *   share of FP32 peak an FMA loop reaches on that GPU.
 * - CPU: each core retires one dependent op per L cycles (L = 1 for integer add/xor/shift); the
 *   P and E cores' all-core clocks are averaged into one clock per core.
 * - Serial stage: one GPU thread at boost clock pays L cycles per op; one CPU P-core runs at
 *   its single-core boost clock.
 * - Overhead: a kernel launch per GPU stage, or one wake-and-join of the CPU's worker pool.
 */
import { getCpu, getGpu, isCpuId, isGpuId } from '../catalog/hardware';
import type { CpuSpec } from '../catalog/cpus';
import type { Gpu } from '../catalog/hardware';
import { finiteResult, requireNonNegativeInteger, requirePositiveInteger } from './validate';

/** Input of `predictTaskBatch`. */
export interface TaskBatchInput {
  hardwareId: string; // any GPU id or 'i9-14900k'
  taskCount: number; // independent tasks, >= 1
  opsPerTask: number; // simple scalar arithmetic operations per task (dependent chain inside a task)
  serialOps: number; // ops that must run one after another on a single core, >= 0
}

/** Predicted time of a task batch and the numbers behind it. */
export interface TaskBatchPrediction {
  seconds: number;
  parallelSeconds: number;
  serialSeconds: number;
  overheadSeconds: number;
  parallelUnits: number; // how many tasks run at once (GPU: FP32 lanes; CPU: hardware threads/cores)
  waves: number; // ceil(taskCount / parallelUnits)
  clockHz: number;
}

/** A batch of independent identical tasks spread over a device's cores, plus a serial stage on one core. */
export function predictTaskBatch(input: TaskBatchInput): TaskBatchPrediction {
  const { hardwareId, taskCount, opsPerTask, serialOps } = input;
  requirePositiveInteger('taskCount', taskCount);
  requireNonNegativeInteger('opsPerTask', opsPerTask);
  requireNonNegativeInteger('serialOps', serialOps);
  if (isGpuId(hardwareId)) return gpuBatch(getGpu(hardwareId), input);
  if (isCpuId(hardwareId)) return cpuBatch(getCpu(hardwareId), input);
  // Neither: let the GPU lookup raise its error, which lists the known ids.
  getGpu(hardwareId);
  throw new RangeError(`unknown hardware id ${String(hardwareId)}`);
}

/** The work of a batch, wherever it runs. */
type BatchWork = Omit<TaskBatchInput, 'hardwareId'>;

function gpuBatch(gpu: Gpu, { taskCount, opsPerTask, serialOps }: BatchWork): TaskBatchPrediction {
  const parallelUnits = gpu.fp32Cores.value;
  const clockHz = gpu.boostClockHz.value;
  const latencyCycles = gpu.dependentOpLatencyCycles.value;
  const laneOpsPerSecond = clockHz * gpu.achievable.cudaCoreArithmetic.value;
  const waves = Math.ceil(taskCount / parallelUnits);
  const parallelSeconds = (opsPerTask * Math.max(waves, latencyCycles)) / laneOpsPerSecond;
  const serialSeconds = (serialOps * latencyCycles) / clockHz;
  const launches = serialOps > 0 ? 2 : 1;
  const overheadSeconds = launches * gpu.launchOverheadSeconds.value;
  return finish({ parallelSeconds, serialSeconds, overheadSeconds, parallelUnits, waves, clockHz });
}

function cpuBatch(
  cpu: CpuSpec,
  { taskCount, opsPerTask, serialOps }: BatchWork,
): TaskBatchPrediction {
  const pCores = cpu.performanceCores.value;
  const eCores = cpu.efficiencyCores.value;
  const parallelUnits = pCores + eCores;
  const clockHz =
    (pCores * cpu.performanceCoreAllCoreClockHz.value +
      eCores * cpu.efficiencyCoreAllCoreClockHz.value) /
    parallelUnits;
  const latencyCycles = cpu.dependentOpLatencyCycles.value;
  const waves = Math.ceil(taskCount / parallelUnits);
  const parallelSeconds = (waves * opsPerTask * latencyCycles) / clockHz;
  const serialSeconds = (serialOps * latencyCycles) / cpu.singleCoreBoostClockHz.value;
  const overheadSeconds = cpu.threadPoolOverheadSeconds.value;
  return finish({ parallelSeconds, serialSeconds, overheadSeconds, parallelUnits, waves, clockHz });
}

function finish(parts: Omit<TaskBatchPrediction, 'seconds'>): TaskBatchPrediction {
  const seconds = parts.parallelSeconds + parts.serialSeconds + parts.overheadSeconds;
  return {
    seconds: finiteResult('batch seconds', seconds),
    parallelSeconds: finiteResult('parallel seconds', parts.parallelSeconds),
    serialSeconds: finiteResult('serial seconds', parts.serialSeconds),
    overheadSeconds: parts.overheadSeconds,
    parallelUnits: parts.parallelUnits,
    waves: parts.waves,
    clockHz: parts.clockHz,
  };
}
