/**
 * A training run's layout over GPUs: data parallel (with its sharding), tensor, context and
 * pipeline parallel degrees, micro-batching and checkpointing, and the cluster it runs on. The
 * degrees multiply to the GPU count; tensor parallel sits innermost (inside a node), then
 * context, then data, with pipeline stages outermost, as torchtitan's DeviceMesh orders them.
 */
import { getGpu, type Gpu } from '../../catalog/hardware';
import { getInterconnect, type InterconnectSpec } from '../../catalog/interconnects';
import { peerLinksOf } from '../peer-links';
import { requireOneOf, requirePositiveInteger } from '../validate';
import { decoderParams, type DecoderSpec } from '../serving/decoder';

/** How data parallel keeps model state: each GPU a full copy, or sharded (ZeRO stages; zero3 is FSDP). */
export const SHARDINGS = ['replicate', 'zero1', 'zero2', 'zero3'] as const;
/** One of `SHARDINGS`. */
export type Sharding = (typeof SHARDINGS)[number];

/** What the backward pass recomputes: nothing, half the forward (selective), or all of it. */
export const CHECKPOINTING = ['none', 'selective', 'full'] as const;
/** One of `CHECKPOINTING`. */
export type Checkpointing = (typeof CHECKPOINTING)[number];

/** Pipeline schedules. */
export const PIPELINE_SCHEDULES = ['1f1b', 'gpipe', 'interleaved'] as const;
/** One of `PIPELINE_SCHEDULES`. */
export type PipelineSchedule = (typeof PIPELINE_SCHEDULES)[number];

/** Number formats of the products (bf16 or fp16 mixed precision, or fp8 products on Hopper). */
export const TRAINING_PRECISIONS = ['bf16', 'fp16', 'fp8'] as const;
/** One of `TRAINING_PRECISIONS`. */
export type TrainingPrecision = (typeof TRAINING_PRECISIONS)[number];

/** Optimizers the model prices. */
export const TRAINING_OPTIMIZERS = ['adamw', 'adam', 'sgd'] as const;
/** One of `TRAINING_OPTIMIZERS`. */
export type TrainingOptimizer = (typeof TRAINING_OPTIMIZERS)[number];

/** A layout of one training run, as a scenario or the planner gives it. */
export interface ParallelSetup {
  model: DecoderSpec;
  gpu: string;
  gpus: number;
  /** Default 8. */
  gpusPerNode?: number;
  /** GPU-to-GPU link inside a node; default the GPU's fastest. */
  link?: string;
  /** Link between nodes, one card per GPU; default ib-ndr for Hopper, ib-hdr otherwise. */
  nodeLink?: string;
  seq: number;
  microBatch: number;
  /** Micro-batches per optimizer step on each data-parallel rank; default 1. */
  gradAccum?: number;
  /** Default bf16. */
  precision?: TrainingPrecision;
  /** Default adamw. */
  optimizer?: TrainingOptimizer;
  /** Default zero3 (FSDP's full sharding). */
  sharding?: Sharding;
  tensorParallel?: number;
  /** Tensor parallel's norms and dropout split over the sequence too; default true. */
  sequenceParallel?: boolean;
  contextParallel?: number;
  pipelineParallel?: number;
  /** Default 1f1b. */
  pipelineSchedule?: PipelineSchedule;
  /** Default none. */
  checkpointing?: Checkpointing;
  /** Default flash. */
  attention?: 'flash' | 'math';
}

/** A layout checked and resolved against the catalog. */
export interface Layout {
  spec: DecoderSpec;
  gpu: Gpu;
  gpus: number;
  gpusPerNode: number;
  nodes: number;
  link: InterconnectSpec;
  nodeLink: InterconnectSpec;
  seq: number;
  microBatch: number;
  gradAccum: number;
  precision: TrainingPrecision;
  optimizer: TrainingOptimizer;
  sharding: Sharding;
  tp: number;
  sequenceParallel: boolean;
  cp: number;
  pp: number;
  dp: number;
  schedule: PipelineSchedule;
  checkpointing: Checkpointing;
  attention: 'flash' | 'math';
}

/** Resolves a setup; throws a RangeError naming what cannot be. */
export function resolveLayout(setup: ParallelSetup): Layout {
  const gpu = getGpu(setup.gpu);
  const spec = setup.model;
  const whole = (name: string, value: number | undefined, fallback: number): number => {
    const v = value ?? fallback;
    requirePositiveInteger(name, v);
    return v;
  };
  const gpus = whole('gpus', setup.gpus, 1);
  const gpusPerNode = Math.min(gpus, whole('gpusPerNode', setup.gpusPerNode, 8));
  if (gpus % gpusPerNode !== 0) {
    throw new RangeError(`gpus (${gpus}) must be a whole number of nodes of ${gpusPerNode}`);
  }
  const tp = whole('tensorParallel', setup.tensorParallel, 1);
  const cp = whole('contextParallel', setup.contextParallel, 1);
  const pp = whole('pipelineParallel', setup.pipelineParallel, 1);
  const modelParallel = tp * cp * pp;
  if (gpus % modelParallel !== 0) {
    throw new RangeError(
      `tensorParallel × contextParallel × pipelineParallel (${modelParallel}) must divide gpus (${gpus}); data parallel takes the rest`,
    );
  }
  if (tp > gpusPerNode) {
    throw new RangeError(
      `tensorParallel (${tp}) must stay inside a node of ${gpusPerNode} GPUs: its all-reduces run every layer`,
    );
  }
  if (spec.heads % tp !== 0 || spec.kvHeads % Math.min(tp, spec.kvHeads) !== 0) {
    throw new RangeError(`tensorParallel (${tp}) must divide the ${spec.heads} attention heads`);
  }
  if (spec.ffn % tp !== 0) {
    throw new RangeError(`tensorParallel (${tp}) must divide the MLP width ${spec.ffn}`);
  }
  if (pp > spec.layers) {
    throw new RangeError(`pipelineParallel (${pp}) cannot exceed the ${spec.layers} layers`);
  }
  const seq = whole('seq', setup.seq, 1);
  if (seq % (2 * cp) !== 0 && cp > 1) {
    throw new RangeError(
      `seq (${seq}) must split into 2 × contextParallel (${2 * cp}) equal chunks (ring attention balances causal work that way)`,
    );
  }
  const microBatch = whole('microBatch', setup.microBatch, 1);
  const gradAccum = whole('gradAccum', setup.gradAccum, 1);
  const precision = setup.precision ?? 'bf16';
  requireOneOf('precision', precision, TRAINING_PRECISIONS);
  const optimizer = setup.optimizer ?? 'adamw';
  requireOneOf('optimizer', optimizer, TRAINING_OPTIMIZERS);
  const sharding = setup.sharding ?? 'zero3';
  requireOneOf('sharding', sharding, SHARDINGS);
  const schedule = setup.pipelineSchedule ?? '1f1b';
  requireOneOf('pipelineSchedule', schedule, PIPELINE_SCHEDULES);
  if (schedule === 'interleaved' && pp > 1 && gradAccum % pp !== 0) {
    throw new RangeError(
      `the interleaved schedule runs micro-batches in groups of the ${pp} stages; gradAccum (${gradAccum}) must be a multiple of pipelineParallel`,
    );
  }
  const checkpointing = setup.checkpointing ?? 'none';
  requireOneOf('checkpointing', checkpointing, CHECKPOINTING);
  const attention = setup.attention ?? 'flash';
  requireOneOf('attention', attention, ['flash', 'math'] as const);
  const peer = peerLinksOf(gpu)[0];
  const link = getInterconnect(setup.link ?? peer ?? 'pcie4');
  if (link.scope !== 'intra-node') {
    throw new RangeError(`link "${link.id}" joins nodes; give it as nodeLink`);
  }
  const hopper = gpu.architecture.startsWith('Hopper');
  const nodeLink = getInterconnect(setup.nodeLink ?? (hopper ? 'ib-ndr' : 'ib-hdr'));
  if (nodeLink.scope !== 'inter-node') {
    throw new RangeError(`nodeLink "${nodeLink.id}" is a link inside a node; use ib-hdr or ib-ndr`);
  }
  if (precision === 'fp8' && gpu.peakFlopsPerSecond['tensor-core'].fp8 === undefined) {
    throw new RangeError(`gpu "${gpu.id}" has no fp8 tensor cores`);
  }
  return {
    spec,
    gpu,
    gpus,
    gpusPerNode,
    nodes: gpus / gpusPerNode,
    link,
    nodeLink,
    seq,
    microBatch,
    gradAccum,
    precision,
    optimizer,
    sharding,
    tp,
    sequenceParallel: setup.sequenceParallel ?? true,
    cp,
    pp,
    dp: gpus / modelParallel,
    schedule,
    checkpointing,
    attention,
  };
}

/** GPUs of one group of `size` ranks spaced `stride` apart: how many share a node, and nodes. */
export function groupPlacement(
  layout: Layout,
  size: number,
  stride: number,
): { perNode: number; nodes: number } {
  const perNode = Math.max(1, Math.min(size, Math.floor(layout.gpusPerNode / stride)));
  return { perNode, nodes: Math.ceil(size / perNode) };
}

/** Whether the layout's GPU is a Hopper (H100, H200). */
export function isHopper(layout: Layout): boolean {
  return layout.gpu.architecture.startsWith('Hopper');
}

/** Parameters one GPU's model-parallel slice holds (before data-parallel sharding). */
export function sliceParams(spec: DecoderSpec, tp: number, pp: number): number {
  return decoderParams(spec) / (tp * pp);
}
