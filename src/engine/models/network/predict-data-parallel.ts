/**
 * The data-parallel entry point: a training step of a zoo network or a learner's layer list on
 * each of several GPUs, replicated (DDP, DataParallel) or sharded (ZeRO, FSDP), answered with its
 * step time and one GPU's memory. Pure; the single-GPU step comes from predict-network.ts.
 */
import { getGpu } from '../../catalog/hardware';
import { requirePeerLink } from '../peer-links';
import {
  predictDataParallelStep,
  type DataParallelMode,
  type DataParallelPrediction,
} from './data-parallel';
import { fitsOn, type MemoryBreakdown } from './memory';
import { trainingSetup, type TrainStepRequest } from './predict-network';
import {
  modelStateShares,
  requireShardingStrategy,
  shardUnits,
  type ShardingStrategy,
} from './sharding';
import type { LayerCost } from './types';

/** What a data-parallel step is asked about: a training step on each of several GPUs. */
export interface DataParallelRequest extends TrainStepRequest {
  /** GPUs in all. */
  gpus: number;
  /** Nodes the GPUs are spread over (default 1). */
  nodes?: number;
  /** GPU-to-GPU link inside a node (nvlink3, nvlink4, pcie4, pcie5). */
  link: string;
  /** Link between nodes (ib-hdr, ib-ndr), for more than one node. */
  nodeLink?: string;
  mode: DataParallelMode;
  /** How DDP keeps the model state: 'replicate' (default), 'zero1', 'zero2' or 'zero3' (FSDP). */
  sharding?: ShardingStrategy;
}

/** A data-parallel step with one GPU's memory: its peak and its part of the model state. */
export type DataParallelAnswer = DataParallelPrediction & {
  /** One GPU's peak allocated bytes. */
  bytes: number;
  fits: boolean;
  /** One GPU's memory at its peak, model state split as the strategy shards it. */
  memory: MemoryBreakdown;
  /** Trainable parameters of the whole model. */
  params: number;
};

/**
 * Weights FSDP holds whole at a time: the largest unit's, twice (the unit computing and the
 * one prefetched), in fp32.
 */
function gatheredBytes(layers: readonly LayerCost[]): number {
  const largest = Math.max(0, ...shardUnits(layers).map((u) => u.params));
  return 2 * largest * 4;
}

/** Predicts one data-parallel training step; `batch` is per GPU. */
export function predictDataParallel(request: DataParallelRequest): DataParallelAnswer {
  requirePeerLink(getGpu(request.gpu), request.link);
  const strategy = request.sharding ?? 'replicate';
  requireShardingStrategy(strategy);
  const { gpu, layers, step, memoryAt } = trainingSetup(request);
  const topology = {
    gpus: request.gpus,
    nodes: request.nodes ?? 1,
    link: request.link,
    ...(request.nodeLink === undefined ? {} : { nodeLink: request.nodeLink }),
  };
  const parallel = predictDataParallelStep(
    request.mode,
    step,
    layers,
    request.batch,
    topology,
    strategy,
  );
  const sharded =
    strategy === 'replicate'
      ? undefined
      : {
          shares: modelStateShares(strategy, request.gpus),
          gatheredBytes: strategy === 'zero3' && request.gpus > 1 ? gatheredBytes(layers) : 0,
        };
  const memory = memoryAt(request.batch, sharded);
  return {
    ...parallel,
    bytes: memory.allocatedBytes,
    fits: fitsOn(gpu, memory),
    memory,
    params: layers.reduce((sum, l) => sum + l.params, 0),
  };
}
