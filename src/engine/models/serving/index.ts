/**
 * The serving model: a decoder-only language model served with continuous batching and a paged
 * KV cache, on one GPU or a tensor-parallel group. Pure TypeScript over the catalog.
 */
export * from './constants';
export {
  decoderParams,
  getServingModel,
  kvElementsPerToken,
  parseDecoderSpec,
  resolveDecoder,
  SERVING_MODEL_IDS,
  SERVING_MODELS,
  type DecoderSpec,
  type ServingModel,
} from './decoder';
export {
  decoderSpecFromPrintModel,
  readDecoderFromPrintModel,
  type PrintedDecoder,
  type PrintedDecoderOptions,
} from './from-print-model';
export {
  KV_FORMATS,
  WEIGHT_FORMATS,
  kvBytesPerElement,
  weightBytesPerElement,
  type KvFormat,
  type WeightFormat,
} from './formats';
export {
  predictServing,
  servingMemory,
  servingStepTime as stepTime,
  sweepConcurrency,
} from './predict-serving';
export { TENSOR_PARALLEL_SIZES, tokensPerStep } from './server';
export type * from './types';
