/** Where the network models' figures come from. */

/** Kernel-to-kernel gaps and per-op host costs of eager PyTorch. */
export const PYTORCH_OVERHEADS =
  'public measurements of CUDA launch latency (4-6 us per kernel) and PyTorch eager per-op dispatch (a few us on top), as collected in shared/design/hardware-figures.md';

/** End-to-end training and inference throughput of ResNet-50 v1.5 (PyTorch, NGC 21.03). */
export const DLE_RESNET50 =
  'NVIDIA DeepLearningExamples, PyTorch/Classification/ConvNets/resnet50v1.5/README.md, training and inference performance tables (pytorch-21.03 NGC container); batch sizes from PyTorch/Classification/ConvNets/configs.yml';

/** End-to-end BERT pretraining throughput (PyTorch, NGC 21.11). */
export const DLE_BERT =
  'NVIDIA DeepLearningExamples, PyTorch/LanguageModeling/BERT/README.md, pre-training performance tables (pytorch:21.11-py3 NGC container)';

/** Llama 2 7B decoding speed with torch.compile. */
export const GPT_FAST =
  'pytorch-labs/gpt-fast README, benchmarks table (A100 80 GB, power-capped at 330 W)';

/** Mixed-precision model state per parameter. */
export const ZERO_PAPER =
  'Rajbhandari et al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models" (2019), section 3.1';

/** FlashAttention's attainable share of the tensor-core peak. */
export const FLASH_ATTENTION_2 =
  'Dao, "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning" (2023): 50-73 % of the A100 peak forward, lower backward';

/** PyTorch's CUDA caching allocator: block rounding and segment sizes. */
export const PYTORCH_ALLOCATOR =
  'PyTorch source, c10/cuda/CUDACachingAllocator.cpp (kMinBlockSize 512, kSmallSize 1 MiB, kSmallBuffer 2 MiB, kLargeBuffer 20 MiB, kMinLargeAlloc 10 MiB, kRoundLarge 2 MiB)';

/** Eager PyTorch steps, host costs and single ops measured on one H200 (2026-11-26). */
export const H200_EAGER =
  'shared/design/hardware-figures.md, "Eager PyTorch on an H200, as learners run it" (PyTorch 2.11, torchvision 0.26, transformers 5.17; median of 15 steps, two runs)';

/** The profiler trace of two BERT-base steps recorded on that H200. */
export const H200_BERT_TRACE =
  'shared/data/h200-2026-11-26/trace-bert-base-train-amp-bf16-b32-s128.json.gz (torch.profiler, two steps; ops, autograd nodes and kernels counted per step by scripts/trace-counts.py)';

/** What torch.compile and CUDA graphs change. */
export const PYTORCH_COMPILE_DOCS =
  'PyTorch documentation: torch.compile (default mode fuses pointwise chains with Inductor and runs a compiled graph per forward/backward), mode="reduce-overhead" and torch.cuda.graph (CUDA graphs: one launch replays every kernel of a captured graph)';

/** How PyTorch sizes and allocates the cuBLAS and cuBLASLt workspaces. */
export const PYTORCH_CUBLAS_WORKSPACE =
  'PyTorch source, aten/src/ATen/cuda/CublasHandlePool.cpp (parseChosenWorkspaceSize: CUBLAS_WORKSPACE_CONFIG default ":4096:2:16:8" = 8 MiB + 128 KiB, 32 MiB on sm_90; parseCUDABlasLtWorkspaceSize: CUBLASLT_WORKSPACE_SIZE default 1024 KiB; one workspace per cuBLAS handle and stream, from the caching allocator; handles are per thread)';

/** TensorRT-LLM's published serving throughput under maximum load. */
export const TRTLLM_PERF_OVERVIEW =
  'NVIDIA TensorRT-LLM documentation, "Performance Overview" (docs/source/performance/perf-overview.md, v1.0): trtllm-bench throughput, PyTorch back end, fp8 checkpoints from ModelOpt, CUDA graphs, paged KV cache, in-flight batching, all requests queued at once';

/** torchtitan's FSDP2 throughput on 64 A100 80 GB. */
export const TORCHTITAN_FSDP2 =
  'pytorch/torchtitan docs/performance.md: Llama 2 and Llama 3 with FSDP2 on 64 A100 80 GB, bf16, sequence 4,096 (Llama 2) and 8,192 (Llama 3), tokens per second per GPU';

/** MosaicML's llm-foundry throughput table for MPT models. */
export const LLM_FOUNDRY_BENCHMARKS =
  'mosaicml/llm-foundry scripts/train/benchmarking/README.md: MPT 125M-70B, FSDP FULL_SHARD, bf16, on 8-128 A100 40 GB, A100 80 GB and H100 80 GB, tokens per second per GPU';
