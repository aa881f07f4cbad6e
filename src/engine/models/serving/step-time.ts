/**
 * One scheduler step of a served decoder: decode tokens (one per running request, or the drafted
 * ones under speculative decoding) and prefill chunks, on every GPU of a tensor-parallel group.
 * Each matrix product takes the larger of its arithmetic and its bytes (weights plus the rows
 * it reads and writes); decode attention reads every cached key and value of its requests;
 * prefill attention is fused and arithmetic-bound; norms and activations move bytes; tensor
 * parallel adds two all-reduces per layer; the host adds its time per step.
 */
import { predictAllReduce } from '../collectives';
import { DEFAULT_HOST_OP_SECONDS } from '../network/eager/host';
import { KERNELS_PER_LAYER, STEP_HOST_SECONDS } from './constants';
import { headDim } from './decoder';
import type { Server } from './server';
import type { StepBatch, StepTime } from './types';

/** One weight matrix on one GPU: rows in (K) and columns out (N). */
interface Matrix {
  inFeatures: number;
  outFeatures: number;
}

/** One layer's matrices on one GPU: columns split for QKV and up, rows split for the rest. */
function layerMatrices(server: Server): Matrix[] {
  const { spec, gpus } = server;
  const d = headDim(spec);
  const qkv = ((spec.heads + 2 * spec.kvHeads) * d) / gpus;
  const mlpIn = ((spec.gated ? 2 : 1) * spec.ffn) / gpus;
  return [
    { inFeatures: spec.hidden, outFeatures: qkv },
    { inFeatures: (spec.heads * d) / gpus, outFeatures: spec.hidden },
    { inFeatures: spec.hidden, outFeatures: mlpIn },
    { inFeatures: spec.ffn / gpus, outFeatures: spec.hidden },
  ];
}

/** Seconds of one product of `rows` rows through `m`: arithmetic or bytes, whichever is longer. */
function productSeconds(server: Server, m: Matrix, rows: number): number {
  if (rows <= 0) return 0;
  const flops = 2 * rows * m.inFeatures * m.outFeatures;
  const bytes =
    m.inFeatures * m.outFeatures * server.weightBytesPerElement +
    rows * (m.inFeatures + m.outFeatures) * server.activationBytesPerElement;
  return flops / server.productFlopsPerSecond + bytes / server.bytesPerSecond;
}

/**
 * Bytes per token per layer of the step's element-wise work in 16 bits: two norms and two
 * residual adds (each reading and writing the hidden vector: 8 passes of `hidden`), and the
 * MLP's activation (reading the gate and up halves, writing one: 3 passes of the GPU's share).
 */
function elementwiseBytesPerToken(server: Server): number {
  const { spec, gpus } = server;
  return 2 * (8 * spec.hidden + 3 * (spec.ffn / gpus)) * spec.layers;
}

/** The step's time by part. */
export function stepTime(server: Server, batch: StepBatch): StepTime {
  const { spec } = server;
  const draft = server.speculative?.draftTokens ?? 0;
  const decodeRows = batch.decodeRequests * (1 + draft);
  const prefillRows = batch.prefillChunks.reduce((sum, c) => sum + c.tokens, 0);
  const rows = decodeRows + prefillRows;
  // Logits for each request that yields a token this step: the decode rows, and prompts that end.
  const logitRows = decodeRows + batch.prefillChunks.length;

  const layer = layerMatrices(server);
  const head: Matrix = { inFeatures: spec.hidden, outFeatures: spec.vocab / server.gpus };
  const products =
    spec.layers * layer.reduce((sum, m) => sum + productSeconds(server, m, rows), 0) +
    productSeconds(server, head, logitRows);

  const attention = attentionSeconds(server, batch, 1 + draft);
  const elementwise = (rows * elementwiseBytesPerToken(server)) / server.bytesPerSecond;
  const collectives = collectiveSeconds(server, rows);
  const gpuSeconds = products + attention + elementwise + collectives;

  const draftSeconds = draftStepSeconds(server, batch.decodeRequests, draft);
  const overhead = overheadSeconds(
    server,
    { products: products + draftSeconds, rest: attention + elementwise + collectives },
    batch,
  );
  return {
    seconds: gpuSeconds + draftSeconds + overhead,
    productSeconds: products,
    attentionSeconds: attention,
    elementwiseSeconds: elementwise,
    collectiveSeconds: collectives,
    overheadSeconds: overhead,
    draftSeconds,
  };
}

/**
 * Decode attention reads each request's cached keys and values once per step (its queries, one
 * or a few per request, reuse them) at the achievable bandwidth; its arithmetic is four FLOPs
 * per query head, cached token and head element. Prefill attention is fused: four FLOPs per
 * head element for each query and each key up to it.
 */
function attentionSeconds(server: Server, batch: StepBatch, queriesPerRequest: number): number {
  const { spec, gpus } = server;
  const headElements = (spec.heads / gpus) * headDim(spec) * spec.layers;
  const decodeBytes = batch.decodeContextTokens * server.kvBytesPerToken;
  const decodeFlops = 4 * queriesPerRequest * batch.decodeContextTokens * headElements;
  const decode = Math.max(
    decodeBytes / server.bytesPerSecond,
    decodeFlops / server.attentionFlopsPerSecond,
  );
  let pairs = 0;
  for (const chunk of batch.prefillChunks)
    pairs += chunk.tokens * (chunk.cachedTokens + chunk.tokens / 2);
  const prefill = (4 * pairs * headElements) / server.attentionFlopsPerSecond;
  return decode + prefill;
}

/** Two all-reduces of the step's hidden vectors (16-bit) per layer over the tensor-parallel group. */
function collectiveSeconds(server: Server, rows: number): number {
  if (server.link === null || rows === 0) return 0;
  const one = predictAllReduce({
    bytes: rows * server.spec.hidden * 2,
    gpus: server.gpus,
    link: server.link.id,
  }).seconds;
  return 2 * server.spec.layers * one;
}

/**
 * The drafter: `draft` sequential steps of a one-layer head (EAGLE's size) over the decoding
 * requests, each reading that layer's weights and the output layer.
 */
function draftStepSeconds(server: Server, requests: number, draft: number): number {
  if (draft === 0 || requests === 0) return 0;
  const one = layerMatrices(server).reduce((s, m) => s + productSeconds(server, m, requests), 0);
  const head = productSeconds(
    server,
    { inFeatures: server.spec.hidden, outFeatures: server.spec.vocab / server.gpus },
    requests,
  );
  return draft * (one + head);
}

/** Matrix-product kernels per layer (QKV, output, gate-and-up, down); the rest are small. */
const PRODUCTS_PER_LAYER = 4;

/**
 * Host time the GPU waits for. Captured in CUDA graphs, a decode-only step costs the host one
 * replay and the server's per-step work. Launched kernel by kernel, the host also dispatches
 * every kernel as an eager PyTorch op (the engine's measured `DEFAULT_HOST_OP_SECONDS` each). A
 * step cannot be dispatched before the last one's tokens are sampled, so the GPU keeps pace
 * with the host: a product's dispatch hides behind the products' GPU time, but the small
 * kernels between them (norms, rotary, activation, attention of a few tokens) run faster than
 * the host can dispatch them, and their dispatch shows where it is longer than their GPU time.
 * Steps with prefill are dispatched kernel by kernel either way (servers capture decode shapes).
 */
function overheadSeconds(
  server: Server,
  parts: { products: number; rest: number },
  batch: StepBatch,
): number {
  const captured = server.cudaGraphs && batch.prefillChunks.length === 0;
  if (captured) return STEP_HOST_SECONDS.value;
  const layers = server.spec.layers;
  const op = DEFAULT_HOST_OP_SECONDS.value;
  const productKernels = PRODUCTS_PER_LAYER * layers + 1;
  const smallKernels = (KERNELS_PER_LAYER.value - PRODUCTS_PER_LAYER) * layers + 3;
  return (
    STEP_HOST_SECONDS.value +
    Math.max(0, productKernels * op - parts.products) +
    Math.max(0, smallKernels * op - parts.rest)
  );
}
