/**
 * A serving setup resolved against the catalog: the GPU's rates, the formats' bytes, the
 * tensor-parallel split and the scheduler's limits, checked once so the step model and the
 * scheduler read plain numbers.
 */
import { getGpu, type Gpu } from '../../catalog/hardware';
import { getInterconnect, type InterconnectSpec } from '../../catalog/interconnects';
import { achievableMemoryBytesPerSecond, chooseUnit } from '../kernel';
import { peerLinksOf } from '../peer-links';
import { requireOneOf, requirePositiveInteger } from '../validate';
import {
  DEFAULT_MAX_BATCH,
  DEFAULT_MAX_TOKENS_PER_STEP,
  PREFILL_ATTENTION_SHARE,
  SERVING_PRODUCT_SHARE,
} from './constants';
import { headDim, type DecoderSpec } from './decoder';
import {
  KV_FORMATS,
  kvBytesPerElement,
  productPrecision,
  WEIGHT_FORMATS,
  weightBytesPerElement,
  type KvFormat,
  type WeightFormat,
} from './formats';
import type { ServingSetup, SpeculativeSetup } from './types';

/** Tensor-parallel sizes a server splits a model over (inside one node). */
export const TENSOR_PARALLEL_SIZES = [1, 2, 4, 8] as const;

/** A setup with every default filled in and every rate looked up. */
export interface Server {
  spec: DecoderSpec;
  gpu: Gpu;
  gpus: number;
  weights: WeightFormat;
  kvCache: KvFormat;
  cudaGraphs: boolean;
  speculative: SpeculativeSetup | null;
  maxBatch: number;
  maxTokensPerStep: number;
  /** The link the all-reduces run over; null on one GPU. */
  link: InterconnectSpec | null;
  /** FLOP/s the products reach when arithmetic sets their pace. */
  productFlopsPerSecond: number;
  /** FLOP/s of fused prefill attention. */
  attentionFlopsPerSecond: number;
  /** Achievable DRAM bytes per second. */
  bytesPerSecond: number;
  weightBytesPerElement: number;
  /** Bytes of an activation element the products read and write (8 bits under fp8). */
  activationBytesPerElement: number;
  /** KV heads each GPU holds (a head is copied when there are more GPUs than KV heads). */
  kvHeadsPerGpu: number;
  /** KV-cache bytes per token on one GPU. */
  kvBytesPerToken: number;
}

/** Resolves a setup; throws a RangeError naming the first bad field. */
export function resolveServer(setup: ServingSetup): Server {
  const gpu = getGpu(setup.gpu);
  const gpus = setup.gpus ?? 1;
  if (!(TENSOR_PARALLEL_SIZES as readonly number[]).includes(gpus)) {
    throw new RangeError(
      `gpus must be ${TENSOR_PARALLEL_SIZES.join(', ')} (tensor parallel inside one node), got ${String(gpus)}`,
    );
  }
  const weights = setup.weights ?? 'bf16';
  requireOneOf('weights', weights, WEIGHT_FORMATS);
  const kvCache = setup.kvCache ?? 'bf16';
  requireOneOf('kvCache', kvCache, KV_FORMATS);
  const spec = setup.model;
  if (gpus > 1 && spec.heads % gpus !== 0) {
    throw new RangeError(
      `tensor parallel over ${gpus} GPUs splits the ${spec.heads} attention heads evenly; ${spec.heads} heads do not divide by ${gpus}`,
    );
  }
  const maxBatch = setup.maxBatch ?? DEFAULT_MAX_BATCH.value;
  requirePositiveInteger('maxBatch', maxBatch);
  const maxTokensPerStep = setup.maxTokensPerStep ?? DEFAULT_MAX_TOKENS_PER_STEP.value;
  requirePositiveInteger('maxTokensPerStep', maxTokensPerStep);
  const speculative = setup.speculative ?? null;
  if (speculative !== null) checkSpeculative(speculative);

  const precision = productPrecision(gpu, weights);
  const product = chooseUnit(gpu, 'matmul', precision.compute);
  const sixteen = chooseUnit(
    gpu,
    'matmul',
    precision.compute === 'fp8' ? 'bf16' : precision.compute,
  );
  const kvHeadsPerGpu = Math.max(1, spec.kvHeads / gpus);
  const peer = peerLinksOf(gpu)[0];
  return {
    spec,
    gpu,
    gpus,
    weights,
    kvCache,
    cudaGraphs: setup.cudaGraphs ?? true,
    speculative,
    maxBatch,
    maxTokensPerStep,
    link: gpus === 1 || peer === undefined ? null : getInterconnect(peer),
    productFlopsPerSecond:
      product.peakFlopsPerSecond.value *
      product.achievableFraction.value *
      SERVING_PRODUCT_SHARE.value,
    attentionFlopsPerSecond:
      sixteen.unit === 'tensor-core'
        ? sixteen.peakFlopsPerSecond.value * PREFILL_ATTENTION_SHARE.value
        : sixteen.peakFlopsPerSecond.value * sixteen.achievableFraction.value,
    bytesPerSecond: achievableMemoryBytesPerSecond(gpu),
    weightBytesPerElement: weightBytesPerElement(weights),
    activationBytesPerElement: precision.compute === 'fp8' ? 1 : 2,
    kvHeadsPerGpu,
    kvBytesPerToken: 2 * spec.layers * kvHeadsPerGpu * headDim(spec) * kvBytesPerElement(kvCache),
  };
}

function checkSpeculative(s: SpeculativeSetup): void {
  if (!Number.isInteger(s.draftTokens) || s.draftTokens < 1 || s.draftTokens > 8) {
    throw new RangeError(`speculative draftTokens must be 1 to 8, got ${String(s.draftTokens)}`);
  }
  if (!(s.acceptanceRate >= 0 && s.acceptanceRate <= 1)) {
    throw new RangeError(
      `speculative acceptanceRate must be from 0 to 1, got ${String(s.acceptanceRate)}`,
    );
  }
}

/**
 * Tokens a request gains per step under speculative decoding: the drafted tokens accepted in a
 * row, plus the one the model adds itself, (1 − α^(k+1)) / (1 − α) on average (Leviathan et al.
 * 2023); 1 without it.
 */
export function tokensPerStep(speculative: SpeculativeSetup | null): number {
  if (speculative === null) return 1;
  const { draftTokens: k, acceptanceRate: a } = speculative;
  if (a >= 1) return k + 1;
  return (1 - a ** (k + 1)) / (1 - a);
}
