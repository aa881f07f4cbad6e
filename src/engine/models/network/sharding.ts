/**
 * Sharded data parallelism: what each ZeRO stage keeps on a GPU and what it sends.
 *
 * Plain DDP replicates the whole model state on every GPU: weights, gradients and optimizer
 * state. ZeRO (Rajbhandari et al., 2019) splits it over the N data-parallel GPUs in stages:
 * stage 1 shards the optimizer state, stage 2 the gradients too, stage 3 the weights as well
 * (PyTorch's FSDP with full sharding, `fully_shard`). Stages 1 and 2 send what DDP sends
 * (a reduce-scatter of the gradients and an all-gather of the updated weights, the two halves
 * of DDP's all-reduce); stage 3 all-gathers each unit's weights before its forward and again
 * before its backward, and reduce-scatters its gradients: 3(N-1)/N of the model's bytes per GPU
 * against DDP's 2(N-1)/N, half as much again. Pure.
 */
import { requireOneOf, requirePositiveInteger } from '../validate';
import type { LayerCost } from './types';

/** Every strategy, from none sharded to all. */
export const SHARDING_STRATEGIES = ['replicate', 'zero1', 'zero2', 'zero3'] as const;

/** How data parallelism keeps the model state: replicated (DDP) or a ZeRO stage. */
export type ShardingStrategy = (typeof SHARDING_STRATEGIES)[number];

/** Checks a strategy id; throws a RangeError naming it when it is unknown. */
export function requireShardingStrategy(value: unknown): asserts value is ShardingStrategy {
  requireOneOf('sharding', value, SHARDING_STRATEGIES);
}

/** The share of each part of the model state one GPU keeps (1 = all of it). */
export interface ModelStateShares {
  weights: number;
  gradients: number;
  optimizer: number;
}

/** What one GPU of `gpus` keeps of each part under `strategy`. */
export function modelStateShares(strategy: ShardingStrategy, gpus: number): ModelStateShares {
  requireShardingStrategy(strategy);
  requirePositiveInteger('gpus', gpus);
  const shard = 1 / gpus;
  return {
    weights: strategy === 'zero3' ? shard : 1,
    gradients: strategy === 'zero2' || strategy === 'zero3' ? shard : 1,
    optimizer: strategy === 'replicate' ? 1 : shard,
  };
}

/** Bytes per parameter of each part of the model state. */
export interface ModelStateBytesPerParam {
  weights: number;
  gradients: number;
  optimizer: number;
}

/** One GPU's model state, in bytes. */
export interface ShardedModelState {
  weightsBytes: number;
  gradientsBytes: number;
  optimizerBytes: number;
  totalBytes: number;
  /** totalBytes over the parameter count: 16 for mixed-precision Adam replicated, 16/N fully sharded. */
  bytesPerParam: number;
}

/** One GPU's weights, gradients and optimizer state under `strategy`. */
export function shardedModelState(
  params: number,
  perParam: ModelStateBytesPerParam,
  strategy: ShardingStrategy,
  gpus: number,
): ShardedModelState {
  const shares = modelStateShares(strategy, gpus);
  const weightsBytes = params * perParam.weights * shares.weights;
  const gradientsBytes = params * perParam.gradients * shares.gradients;
  const optimizerBytes = params * perParam.optimizer * shares.optimizer;
  const totalBytes = weightsBytes + gradientsBytes + optimizerBytes;
  return {
    weightsBytes,
    gradientsBytes,
    optimizerBytes,
    totalBytes,
    bytesPerParam: params > 0 ? totalBytes / params : 0,
  };
}

/** The collectives of one step, as the whole (unsharded) buffers each one covers, in bytes. */
export interface StepCollectives {
  /** DDP's all-reduce of the gradients. */
  allReduceBytes: number;
  /** Gradients reduce-scattered (ZeRO stages 1-3). */
  reduceScatterBytes: number;
  /** Weights all-gathered: once after the update (stages 1-2), twice per unit (stage 3). */
  allGatherBytes: number;
}

/** The collectives a step of `strategy` runs over a model of `modelBytes`. */
export function stepCollectives(strategy: ShardingStrategy, modelBytes: number): StepCollectives {
  requireShardingStrategy(strategy);
  if (strategy === 'replicate') {
    return { allReduceBytes: modelBytes, reduceScatterBytes: 0, allGatherBytes: 0 };
  }
  return {
    allReduceBytes: 0,
    reduceScatterBytes: modelBytes,
    allGatherBytes: strategy === 'zero3' ? 2 * modelBytes : modelBytes,
  };
}

/**
 * Bytes each GPU sends per step: 2(N-1)/N of an all-reduce's buffer, (N-1)/N of a
 * reduce-scatter's or an all-gather's (the ring's bytes; 0 on one GPU).
 */
export function bytesSentPerGpu(collectives: StepCollectives, gpus: number): number {
  requirePositiveInteger('gpus', gpus);
  const trip = (gpus - 1) / gpus;
  return (
    2 * trip * collectives.allReduceBytes +
    trip * (collectives.reduceScatterBytes + collectives.allGatherBytes)
  );
}

/** A group of layers sharded and gathered together, as `fully_shard` on one block. */
export interface ShardUnit {
  /** The block's name prefix ("h.3", "layer2.1"), or "root" for the layers outside blocks. */
  name: string;
  /** Indices of its layers in the network's order. */
  layers: number[];
  params: number;
}

/**
 * The units FSDP would shard: one per repeated block (layers named `prefix.<number>.…`, as
 * `h.3.attn`, `encoder.layer.5.output` or `layer2.1.conv1`), the way `fully_shard` is applied to
 * each transformer or residual block, and a root unit with every other layer (embeddings, the
 * head), as `fully_shard(model)` takes what its blocks left. Layers without parameters join
 * their block's unit, or the root.
 */
export function shardUnits(layers: readonly LayerCost[]): ShardUnit[] {
  const units = new Map<string, ShardUnit>();
  const root: ShardUnit = { name: 'root', layers: [], params: 0 };
  layers.forEach((layer, index) => {
    const block = /^(.*?\.\d+)(\.|$)/.exec(layer.name)?.[1];
    let unit = block === undefined ? root : units.get(block);
    if (unit === undefined) {
      unit = { name: block as string, layers: [], params: 0 };
      units.set(block as string, unit);
    }
    unit.layers.push(index);
    unit.params += layer.params;
  });
  const blocks = [...units.values()];
  return root.layers.length > 0 ? [root, ...blocks] : blocks;
}
