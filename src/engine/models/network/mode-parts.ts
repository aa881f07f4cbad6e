/**
 * What each data-parallel mode (DDP, DataParallel, a ZeRO stage) works out about its step for
 * itself; data-parallel.ts adds the step's time and speedup. Pure.
 */
import type { ShardingStrategy, StepCollectives } from './sharding';
import type { StepPhase } from './topology';

/** The parts of a data-parallel prediction each mode works out for itself. */
export interface ModeParts {
  /** How DDP keeps the model state: replicated, or a ZeRO stage (null for DataParallel). */
  strategy: ShardingStrategy | null;
  /** The step's collectives as whole buffers (DDP and ZeRO; zeros for DataParallel). */
  collectives: StepCollectives;
  /** Bytes GPU 0 sends per step over its links, all collectives together (0 on one GPU). */
  bytesSentPerGpu: number;
  /** All communication of a step, hidden or not. */
  communicationSeconds: number;
  /** Communication the step waits for. */
  exposedCommunicationSeconds: number;
  /** Bytes of fp32 gradients each GPU contributes to the all-reduce (DDP), reduce (DP) or reduce-scatter (ZeRO). */
  gradientBytes: number;
  /** Backward's length: the window DDP's bucket all-reduces can hide behind. */
  backwardSeconds: number;
  /**
   * The collectives on NCCL's streams, each from when it starts to when it ends, on the step's
   * clock: DDP's bucket all-reduces, ZeRO's reduce-scatters and all-gathers (empty on one GPU,
   * and for DataParallel, whose copies are among its phases).
   */
  communicationPhases: StepPhase[];
  /** GPU 0's step; on DDP every GPU looks the same. */
  phases: StepPhase[];
  /** The other GPUs' step (DataParallel's differ from GPU 0's). */
  otherGpuPhases: StepPhase[];
}
