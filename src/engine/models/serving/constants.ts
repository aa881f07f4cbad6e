/**
 * The serving model's constants, one per effect, each with its source. docs/cost-engine.md
 * ("Serving a model") explains each and which published run, if any, it was fitted on.
 */
import { estimate, measured, type Figure } from '../../catalog/figure';

const TRTLLM_PERF =
  'NVIDIA TensorRT-LLM performance overview (docs/source/performance/perf-overview.md, PyTorch back end, trtllm-bench throughput, CUDA graphs, paged KV cache, in-flight batching)';
const TRTLLM_ARGS =
  'TensorRT-LLM LLM API defaults (tensorrt_llm/llmapi/llm_args.py: KvCacheConfig.free_gpu_memory_fraction 0.9, tokens_per_block 32, max_batch_size 2048, max_num_tokens 8192)';

/**
 * Share of the GPU's best measured matrix-product rate (the catalog's achievable tensor-core
 * fraction) that a serving step's products reach when arithmetic sets their pace. Below one:
 * the products of a served model are mid-sized (thousands of rows, a few thousand wide), each
 * carries a quantize and an epilogue, and the step's smaller kernels (norms, rotary, sampling)
 * sit between them.
 */
export const SERVING_PRODUCT_SHARE: Figure = measured(
  0.85,
  'fraction',
  TRTLLM_PERF,
  'fitted on one row: Llama 3.1 8B fp8 on one H100 SXM at 128/128 tokens, 28,312 output tokens/s, where every step is arithmetic-bound',
);

/**
 * Share of the 16-bit tensor-core peak that fused prefill attention (FlashAttention-style, the
 * scores never written to memory) reaches on long prompts.
 */
export const PREFILL_ATTENTION_SHARE: Figure = estimate(
  0.6,
  'fraction',
  'Shah et al. 2024, "FlashAttention-3": forward pass on H100 SXM at head size 128, about 600-650 TFLOPS of 989 in bf16 at long sequences',
  'the causal forward at head size 128; applied to every GPU as a share of its own 16-bit peak',
);

/**
 * Host time per scheduler step that the GPU waits for even with CUDA graphs: scheduling the
 * batch, preparing its inputs, sampling, returning tokens.
 */
export const STEP_HOST_SECONDS: Figure = estimate(
  1.0e-3,
  's',
  TRTLLM_PERF,
  'about a millisecond per iteration of a Python-driven server loop (TensorRT-LLM PyTorch back end, vLLM V1) with its scheduler overlapped; not fitted',
);

/** Kernels one decoder layer launches in a step when nothing is captured. */
export const KERNELS_PER_LAYER: Figure = estimate(
  14,
  'kernels',
  'a Llama layer as optimized servers run it: fused add-and-norm twice, the QKV product, rotary and cache write, attention, the output product, the gate-and-up product, SiLU-and-multiply, the down product, quantizations of activations, and the two all-reduces under tensor parallelism',
  'counted from the layer, not measured',
);

/** Share of the memory left after weights and the reserve that the KV cache gets. */
export const KV_FREE_MEMORY_FRACTION: Figure = estimate(
  0.9,
  'fraction',
  TRTLLM_ARGS,
  'the default; vLLM instead takes 0.9 of the whole memory (gpu_memory_utilization)',
);

/** Tokens per page of the paged KV cache. */
export const PAGE_TOKENS: Figure = estimate(32, 'tokens', TRTLLM_ARGS, 'vLLM uses 16');

/** Most requests in one step, unless the setup says. */
export const DEFAULT_MAX_BATCH: Figure = estimate(2048, 'requests', TRTLLM_ARGS);

/** Most tokens in one step (decode tokens plus prefill chunks), unless the setup says. */
export const DEFAULT_MAX_TOKENS_PER_STEP: Figure = estimate(8192, 'tokens', TRTLLM_ARGS);

/**
 * Memory a serving process holds outside weights, activations and cache: the CUDA context,
 * cuBLAS and attention workspaces, communication buffers and captured graphs.
 */
export const RUNTIME_RESERVE_BYTES: Figure = estimate(
  3 * 2 ** 30,
  'B',
  'CUDA context (about 0.5 GiB on Hopper), library workspaces, NCCL buffers and CUDA-graph pools as vLLM and TensorRT-LLM report them at start-up: a few GiB',
  'not fitted',
);
