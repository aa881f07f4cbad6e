/**
 * Where a serving GPU's memory goes: its share of the weights, the working memory of the largest
 * step, the runtime's reserve, and the paged KV cache that gets a fraction of the rest. The
 * cache's pages decide how many requests of a given length run at once.
 */
import { KV_FREE_MEMORY_FRACTION, PAGE_TOKENS, RUNTIME_RESERVE_BYTES } from './constants';
import { embeddingElements, headDim, layerMatrixElements } from './decoder';
import type { Server } from './server';
import type { MemoryPlan } from './types';

/** Bytes of 16-bit values: the embedding, the output layer and the norms stay in 16 bits. */
const SIXTEEN_BITS = 2;
/** Bytes of an fp32 logit. */
const LOGIT_BYTES = 4;

/** Weight bytes on one GPU: quantized layer matrices, 16-bit norms, embedding and output layer. */
export function weightBytesPerGpu(server: Server): number {
  const { spec, gpus } = server;
  const matrices = (spec.layers * layerMatrixElements(spec) * server.weightBytesPerElement) / gpus;
  const norms = (2 * spec.layers + 1) * spec.hidden * SIXTEEN_BITS;
  const { embedding, head } = embeddingElements(spec);
  // Servers split the vocabulary of both tables over the tensor-parallel group.
  return matrices + norms + ((embedding + head) * SIXTEEN_BITS) / gpus;
}

/**
 * Working memory of the largest step on one GPU: the widest intermediate rows of a full token
 * budget (QKV out, the MLP's gate and up, a few hidden-wide buffers) and fp32 logits for every
 * request of a full batch.
 */
export function activationBytesPerGpu(server: Server): number {
  const { spec, gpus } = server;
  const rows = server.maxTokensPerStep;
  const wide =
    ((spec.heads + 2 * spec.kvHeads) * headDim(spec)) / gpus +
    ((spec.gated ? 2 : 1) * spec.ffn) / gpus +
    4 * spec.hidden;
  const logits = Math.min(server.maxBatch, rows) * (spec.vocab / gpus) * LOGIT_BYTES;
  return rows * wide * SIXTEEN_BITS + logits;
}

/** Cache pages one request of `tokens` tokens holds when it is done. */
export function pagesPerRequest(tokens: number): number {
  return Math.ceil(tokens / PAGE_TOKENS.value);
}

/** The memory plan for requests of `requestTokens` tokens (prompt plus output). */
export function memoryPlan(server: Server, requestTokens: number): MemoryPlan {
  const totalBytes = server.gpu.memoryBytes.value;
  const weightBytes = weightBytesPerGpu(server);
  const activationBytes = activationBytesPerGpu(server);
  const reserveBytes = RUNTIME_RESERVE_BYTES.value;
  const left = totalBytes - weightBytes - activationBytes - reserveBytes;
  const kvCacheBytes = Math.max(0, left * KV_FREE_MEMORY_FRACTION.value);
  const pageTokens = PAGE_TOKENS.value;
  const pages = Math.floor(kvCacheBytes / (server.kvBytesPerToken * pageTokens));
  const requestsThatFit = Math.min(
    server.maxBatch,
    Math.floor(pages / pagesPerRequest(requestTokens)),
  );
  return {
    totalBytes,
    weightBytes,
    activationBytes,
    reserveBytes,
    kvCacheBytes,
    kvBytesPerToken: server.kvBytesPerToken,
    pageTokens,
    pages,
    kvCacheTokens: pages * pageTokens,
    requestsThatFit,
    fits: requestsThatFit >= 1,
  };
}
