/**
 * The serving model's inputs and outputs: a server (model, GPUs, formats, scheduler limits), a
 * workload (prompt and output lengths, how many requests are in flight), and what the engine
 * predicts of it (memory, one step's time by part, the scheduler's trace, throughput and
 * latencies). Pure types.
 */
import type { DecoderSpec } from './decoder';
import type { KvFormat, WeightFormat } from './formats';

/** Speculative decoding: a cheap drafter proposes tokens, the model checks them in one step. */
export interface SpeculativeSetup {
  /** Tokens drafted per step (1 to 8). */
  draftTokens: number;
  /** Chance each drafted token is accepted, given the ones before it were (0 to 1). */
  acceptanceRate: number;
}

/** A server: what runs, on what, and the scheduler's limits. */
export interface ServingSetup {
  model: DecoderSpec;
  /** A catalog GPU id, or "my-machine" once the learner's machine is entered. */
  gpu: string;
  /** Tensor-parallel GPUs in one node (1, 2, 4 or 8); default 1. */
  gpus?: number;
  /** Default "bf16". */
  weights?: WeightFormat;
  /** Default "bf16". */
  kvCache?: KvFormat;
  /** Decode steps replayed as captured CUDA graphs; default true. */
  cudaGraphs?: boolean;
  /** Default none. */
  speculative?: SpeculativeSetup | null;
  /** Most requests in one step (the scheduler's batch limit); default `DEFAULT_MAX_BATCH`. */
  maxBatch?: number;
  /** Most tokens one step processes, prefill chunks included; default `DEFAULT_MAX_TOKENS_PER_STEP`. */
  maxTokensPerStep?: number;
}

/** The requests: all alike, as serving benchmarks send them. */
export interface ServingWorkload {
  inputTokens: number;
  outputTokens: number;
  /**
   * Clients each sending a request as soon as their last one finished, or "max": as many in
   * flight as memory and the scheduler allow, as an offline throughput run keeps.
   */
  concurrency: number | 'max';
}

/** Where one GPU's memory goes. All bytes are per GPU. */
export interface MemoryPlan {
  /** The GPU's memory. */
  totalBytes: number;
  /** Its share of the weights (tensor parallel splits the layers' matrices). */
  weightBytes: number;
  /** Working memory of the largest step (activations, logits). */
  activationBytes: number;
  /** CUDA context, library workspaces, communication buffers and captured graphs. */
  reserveBytes: number;
  /** What the KV cache gets: a fraction of what is left. */
  kvCacheBytes: number;
  /** KV-cache bytes one token takes on one GPU. */
  kvBytesPerToken: number;
  /** Tokens per page (block) of the paged cache. */
  pageTokens: number;
  /** Pages the cache holds. */
  pages: number;
  /** Tokens the cache holds: `pages × pageTokens`. */
  kvCacheTokens: number;
  /** Requests of the workload's full length that fit at once (also capped by `maxBatch`). */
  requestsThatFit: number;
  /** Whether the weights and the reserve fit at all, leaving room for one request. */
  fits: boolean;
}

/** One step's seconds by part. `seconds` is what the step takes. */
export interface StepTime {
  seconds: number;
  /** Matrix products, each the larger of its arithmetic and its weight reads. */
  productSeconds: number;
  /** Attention over cached keys and values (decode) and over the prompt (prefill). */
  attentionSeconds: number;
  /** Norms, activations, rotary embeddings, residual adds: bytes over bandwidth. */
  elementwiseSeconds: number;
  /** Tensor parallel's all-reduces (two per layer). */
  collectiveSeconds: number;
  /** Host time the GPU waits for: scheduling, sampling, launches or a graph replay. */
  overheadSeconds: number;
  /** The drafter's steps under speculative decoding. */
  draftSeconds: number;
}

/** What one step carries. */
export interface StepBatch {
  /** Requests producing one token (or checking drafted ones) this step. */
  decodeRequests: number;
  /** Sum of those requests' context lengths (tokens already cached). */
  decodeContextTokens: number;
  /** Prompt chunks processed this step: tokens, and tokens of that prompt already cached. */
  prefillChunks: ReadonlyArray<{ tokens: number; cachedTokens: number }>;
}

/** One request's life in the scheduler, in seconds from the start of the run. */
export interface RequestTrace {
  id: number;
  arrivalSeconds: number;
  /** When the scheduler gave it cache pages and started its prompt. */
  admittedSeconds: number;
  firstTokenSeconds: number;
  finishSeconds: number;
}

/** One scheduler step (or a run of identical decode-only steps). */
export interface StepRecord {
  startSeconds: number;
  /** Seconds of one step of the run. */
  stepSeconds: number;
  /** Steps in this run of identical steps (1 when it holds prefill). */
  steps: number;
  decodeRequests: number;
  prefillTokens: number;
  /** Requests whose prompt (or part of it) ran in this step. */
  prefillRequests: number;
  /** Cache pages in use at the start of the step. */
  pagesInUse: number;
}

/** A workload's predicted throughput and latencies on a server. */
export interface ServingPrediction {
  outputTokensPerSecond: number;
  /** Mean time from a request's arrival to its first token (queueing included). */
  ttftSeconds: number;
  /** Mean time between a request's output tokens after the first. */
  tpotSeconds: number;
  /** Requests in flight in the steady state. */
  concurrentRequests: number;
  kvCacheTokens: number;
  fits: boolean;
  memory: MemoryPlan;
  /** A decode step of the steady state (every running request halfway through its output), by part. */
  typicalStep: StepTime;
  /** The simulated run: its requests (the first ones) and steps (the first ones). */
  trace: {
    requests: RequestTrace[];
    steps: StepRecord[];
    seconds: number;
    simulatedRequests: number;
  };
}

/** One point of a concurrency sweep. */
export interface SweepPoint {
  concurrency: number;
  outputTokensPerSecond: number;
  ttftSeconds: number;
  tpotSeconds: number;
}
