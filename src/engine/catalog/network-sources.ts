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
