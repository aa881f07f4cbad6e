/**
 * The course glossary: every term with a short definition, the lesson section that teaches it,
 * related terms, and the spellings that mark its use in lesson prose. Pure data, no imports:
 * the build's remark plugin (scripts/remark-glossary.ts) reads it to link each term's first use
 * in a lesson, and the glossary page and the in-lesson tooltips render it.
 */

/** Where a term is taught: a lesson slug and the id rehype-slug gives the heading. */
export interface TaughtAt {
  /** Lesson slug, e.g. "inside-a-gpu". */
  lesson: string;
  /** Heading id in that lesson, e.g. "hbm-feeding-the-cores". */
  section: string;
}

/** One glossary entry. */
export interface GlossaryTerm {
  /** Stable id: the anchor on the glossary page and the `id` of `<Term>` in lessons. */
  id: string;
  /** The name as the glossary lists it. */
  term: string;
  /** One to three sentences, plain text. */
  definition: string;
  /** The section that teaches it. */
  taught: TaughtAt;
  /** Ids of related entries. */
  related: readonly string[];
  /**
   * Exact, case-sensitive spellings whose first whole-word occurrence in a lesson's prose links
   * here. Empty when the term is too common a word to match safely.
   */
  matches: readonly string[];
}

const t = (
  id: string,
  term: string,
  taught: [lesson: string, section: string],
  related: readonly string[],
  matches: readonly string[],
  definition: string,
): GlossaryTerm => ({
  id,
  term,
  definition,
  taught: { lesson: taught[0], section: taught[1] },
  related,
  matches,
});

const SM = 'streaming-multiprocessors-the-unit-that-repeats';
const WAVES = 'worked-example-relu-over-a-1024-512-activation';
const ROOF = 'the-roofline-memory-arithmetic-or-overhead';
const ALLOC = 'the-caching-allocator';

/** Every glossary entry (in no particular order; see `sortedTerms` for the page's order). */
export const GLOSSARY_TERMS: readonly GlossaryTerm[] = [
  t(
    'sm',
    'SM (streaming multiprocessor)',
    ['inside-a-gpu', SM],
    ['cuda-core', 'tensor-core', 'warp', 'shared-memory', 'occupancy', 'wave'],
    ['streaming multiprocessors', 'streaming multiprocessor', 'SMs', 'SM'],
    'The block an NVIDIA GPU repeats across its die: warp schedulers, a register file, L1 cache and shared memory, CUDA cores and tensor cores. Thread blocks are placed on SMs and stay there until they finish; an A100 has 108, an H100 SXM 132.',
  ),
  t(
    'cuda-core',
    'CUDA core',
    ['inside-a-gpu', SM],
    ['sm', 'tensor-core', 'fp32'],
    ['CUDA cores', 'CUDA core'],
    "NVIDIA's name for one FP32 arithmetic lane inside an SM, able to do one fused multiply-add per clock. It has no instruction fetch or branch logic of its own, so it is not a core in the CPU sense.",
  ),
  t(
    'tensor-core',
    'Tensor core',
    ['inside-a-gpu', 'tensor-cores-small-matrices-in-one-instruction'],
    ['cuda-core', 'tf32', 'bf16', 'fp16', 'fp8', 'sm'],
    ['tensor cores', 'Tensor cores', 'tensor core', 'Tensor core'],
    'A unit in each SM that multiplies two small matrix tiles and adds the result to an accumulator in one instruction. It is where a datacenter GPU gets most of its deep-learning speed, in reduced precisions such as TF32, BF16, FP16 and, on the newest GPUs, FP8; it does nothing for elementwise work.',
  ),
  t(
    'warp',
    'Warp',
    ['inside-a-gpu', 'simt-threads-in-warps-of-32'],
    ['simt', 'divergence', 'sm', 'occupancy'],
    ['warps', 'warp'],
    'A group of 32 consecutive threads that a warp scheduler issues together: one instruction, applied by each thread to its own registers. Block sizes are chosen as multiples of 32 so that no warp runs partly empty.',
  ),
  t(
    'simt',
    'SIMT (single instruction, multiple threads)',
    ['inside-a-gpu', 'simt-threads-in-warps-of-32'],
    ['warp', 'divergence', 'kernel'],
    ['SIMT'],
    "NVIDIA's execution model: you write the program of one thread, and the hardware runs threads in warps that share each instruction. Threads may branch apart, but a warp then runs the paths one after the other.",
  ),
  t(
    'divergence',
    'Warp divergence',
    ['inside-a-gpu', 'when-threads-in-a-warp-disagree'],
    ['warp', 'simt'],
    ['divergence'],
    'What happens when threads of one warp take different sides of a branch: the warp executes each side in turn with the other threads masked off, so it pays for both. Branches that agree across a whole warp cost nothing extra.',
  ),
  t(
    'occupancy',
    'Occupancy',
    ['inside-a-gpu', WAVES],
    ['latency-hiding', 'warp', 'sm', 'shared-memory'],
    ['occupancy'],
    'How many warps are resident on an SM compared with the most it can hold (64 on an A100 or H100). The registers and shared memory each block asks for limit it; more resident warps give the schedulers more work to switch to while others wait, up to the point where memory bandwidth is the limit anyway.',
  ),
  t(
    'latency-hiding',
    'Latency hiding',
    ['inside-a-gpu', WAVES],
    ['occupancy', 'warp', 'latency', 'hbm'],
    ['latency hiding'],
    'Keeping the cores busy while some warps wait hundreds of cycles for memory, by issuing instructions from other resident warps that are ready. A GPU relies on having many warps in flight rather than on large caches to cover memory latency.',
  ),
  t(
    'wave',
    'Wave',
    ['inside-a-gpu', WAVES],
    ['sm', 'occupancy', 'kernel'],
    ['waves', 'wave'],
    'One round of work that fills every SM at once. A kernel with more blocks than the GPU can hold at a time runs in successive waves, and a partly filled last wave (the tail) leaves some SMs idle.',
  ),
  t(
    'kernel',
    'Kernel',
    ['inside-a-gpu', 'simt-threads-in-warps-of-32'],
    ['kernel-launch', 'simt', 'wave'],
    ['kernels', 'kernel'],
    'A function that runs on the GPU, started over a grid of thread blocks in which every thread runs the same code on its own part of the data. Each PyTorch operation on a GPU tensor runs one or more kernels.',
  ),
  t(
    'kernel-launch',
    'Kernel launch',
    ['why-gpus', 'fixed-costs-launches-and-copies'],
    ['kernel', 'cuda-stream', 'synchronisation-point'],
    ['kernel launches', 'kernel launch', 'Kernel launch'],
    'The CPU side of running a kernel: PyTorch checks the arguments, picks a kernel and places it in a stream queue. It costs a few microseconds whatever the size of the work, which is why many tiny operations leave a GPU idle; the CPU does not wait for the kernel to run.',
  ),
  t(
    'hbm',
    'HBM (high-bandwidth memory)',
    ['inside-a-gpu', 'hbm-feeding-the-cores'],
    ['l2-cache', 'memory-bound', 'roofline'],
    ['high-bandwidth memory', 'HBM'],
    'The main memory of datacenter GPUs: stacks of DRAM dies placed beside the GPU die on a shared base, joined by thousands of wires. It delivers about 2 TB/s on an A100 80 GB and over 3 TB/s on an H100 SXM, yet is still the limit for most non-matmul kernels.',
  ),
  t(
    'l2-cache',
    'L2 cache',
    ['inside-a-gpu', SM],
    ['hbm', 'shared-memory', 'sm'],
    ['L2 cache', 'L2'],
    'The on-die cache that every SM shares, between the SMs and HBM (40 MB on the A100, 50 MB on the H100). Data that several SMs reuse can come from it instead of from main memory; a single pass over a large tensor gains little.',
  ),
  t(
    'shared-memory',
    'Shared memory',
    ['inside-a-gpu', SM],
    ['sm', 'l2-cache', 'occupancy', 'flashattention'],
    ['shared memory'],
    "A small, fast scratchpad inside each SM that a kernel manages itself, visible to all threads of one block. It shares storage with the SM's L1 cache, and tiled kernels (matmuls, FlashAttention) keep reused tiles in it.",
  ),
  t(
    'pcie',
    'PCIe',
    ['moving-data', 'the-narrow-pipe'],
    ['pinned-memory', 'nvlink', 'hbm'],
    ['PCIe'],
    'The expansion bus between the CPU and a discrete GPU. A PCIe 4.0 x16 link carries about 32 GB/s each way (5.0 twice that), tens of times less than GPU memory, so copies between host and device are expensive.',
  ),
  t(
    'pinned-memory',
    'Pinned memory',
    ['moving-data', 'pageable-and-pinned-memory'],
    ['pageable-memory', 'pcie', 'cuda-stream'],
    ['pinned memory', 'Pinned memory', 'pinned'],
    "Host memory locked in place so the operating system cannot move or swap it, which lets the GPU's copy engine read it directly. Copies from it are faster and can run asynchronously beside computation; in PyTorch use tensor.pin_memory() or DataLoader(pin_memory=True).",
  ),
  t(
    'pageable-memory',
    'Pageable memory',
    ['moving-data', 'why-pageable-copies-take-a-detour'],
    ['pinned-memory', 'pcie'],
    ['pageable memory', 'pageable'],
    'Ordinary host memory, which the operating system may move or swap out. A copy from it to the GPU first goes through a pinned staging buffer, so it is slower and cannot overlap with other work.',
  ),
  t(
    'cuda-stream',
    'Stream (CUDA stream)',
    ['moving-data', 'overlapping-copies-with-compute'],
    ['kernel-launch', 'synchronisation-point', 'pinned-memory'],
    ['CUDA streams', 'CUDA stream'],
    'An ordered queue of GPU work: kernels and copies in one stream run one after another, while work in different streams may overlap. PyTorch queues everything on a default stream per device unless you ask for another.',
  ),
  t(
    'synchronisation-point',
    'Synchronisation point',
    ['moving-data', 'copy-results-back-only-when-needed'],
    ['cuda-stream', 'kernel-launch'],
    ['synchronisation points', 'synchronisation point'],
    'A call that makes the CPU wait until the GPU has finished its queued work, such as .item(), printing a GPU tensor, copying a result to the CPU or torch.cuda.synchronize(). Needed before reading a timer; costly when it happens every step.',
  ),
  t(
    'roofline',
    'Roofline',
    ['measuring', ROOF],
    ['arithmetic-intensity', 'ridge-point', 'memory-bound', 'compute-bound'],
    ['roofline', 'Roofline'],
    "A model of a kernel's best possible speed: the lesser of the peak compute rate and its arithmetic intensity times memory bandwidth. On log-log axes it is a sloped roof for memory-limited kernels meeting a flat one for compute-limited kernels.",
  ),
  t(
    'arithmetic-intensity',
    'Arithmetic intensity',
    ['measuring', ROOF],
    ['roofline', 'ridge-point', 'flop'],
    ['arithmetic intensity'],
    'The floating-point operations a kernel does per byte it moves to or from memory. Comparing it with the ridge point says whether memory or arithmetic limits the kernel.',
  ),
  t(
    'ridge-point',
    'Ridge point',
    ['measuring', ROOF],
    ['roofline', 'arithmetic-intensity', 'memory-bound', 'compute-bound'],
    ['ridge point'],
    "The arithmetic intensity where a roofline's two roofs meet: peak FLOP/s divided by memory bandwidth. For FP32 on an A100 it is about 10 FLOPs per byte, and far higher for the tensor cores.",
  ),
  t(
    'memory-bound',
    'Memory-bound',
    ['measuring', ROOF],
    ['compute-bound', 'roofline', 'hbm'],
    ['memory-bound', 'memory bound'],
    'Limited by how fast bytes move rather than by arithmetic: the arithmetic intensity is below the ridge point. Elementwise operations, normalisation and optimizer updates are memory-bound, so more FLOP/s does not speed them up.',
  ),
  t(
    'compute-bound',
    'Compute-bound',
    ['measuring', ROOF],
    ['memory-bound', 'roofline', 'tensor-core'],
    ['compute-bound', 'compute bound'],
    "Limited by the arithmetic rate: the arithmetic intensity is above the ridge point. Large matrix multiplications and convolutions are compute-bound and follow the GPU's tensor-core peak.",
  ),
  t(
    'flop',
    'FLOP, FLOP/s',
    ['why-gpus', 'counting-the-multiply-adds'],
    ['arithmetic-intensity', 'roofline'],
    ['FLOP/s', 'FLOPs', 'FLOP'],
    'A floating-point operation; a multiply-add counts as two. FLOPs (plural) count work, FLOP/s is a rate, and a GPU datasheet quotes peak FLOP/s per precision.',
  ),
  t(
    'latency',
    'Latency',
    ['why-gpus', 'latency-machines-and-throughput-machines'],
    ['throughput', 'latency-hiding'],
    ['latency'],
    'How long one operation takes from start to finish. CPUs are built to keep it low for a single thread of instructions; GPUs accept higher latency per operation.',
  ),
  t(
    'throughput',
    'Throughput',
    ['why-gpus', 'latency-machines-and-throughput-machines'],
    ['latency', 'simt'],
    ['throughput'],
    'How much work gets done per second across everything running at once. GPUs are throughput machines: thousands of threads in flight make up for each one being slow.',
  ),
  t(
    'amdahls-law',
    "Amdahl's law",
    ['why-gpus', 'amdahls-law-the-serial-part-sets-the-ceiling'],
    ['throughput'],
    ["Amdahl's law"],
    'The speedup from running a fraction p of a job N times faster is 1 / ((1 − p) + p / N). However large N gets, the serial part caps it at 1 / (1 − p).',
  ),
  t(
    'cudnn-cublas',
    'cuBLAS and cuDNN',
    ['why-gpus', 'a-short-history'],
    ['kernel', 'tensor-core'],
    ['cuDNN', 'cuBLAS'],
    "NVIDIA's libraries of tuned GPU kernels: cuBLAS for matrix multiplication and other linear algebra, cuDNN for convolutions, normalisation and other network layers. PyTorch calls them for its heaviest operations.",
  ),
  t(
    'fp32',
    'FP32 (float32)',
    ['mixed-precision', 'the-formats'],
    ['tf32', 'bf16', 'fp16'],
    ['FP32', 'float32'],
    "The 32-bit IEEE floating-point format, with 8 exponent bits and 23 mantissa bits, and PyTorch's default dtype. On CUDA cores it runs far below the tensor cores' 16-bit peak.",
  ),
  t(
    'fp16',
    'FP16 (float16, half)',
    ['mixed-precision', 'the-formats'],
    ['bf16', 'loss-scaling', 'gradscaler', 'fp32'],
    ['FP16', 'fp16', 'float16'],
    'The 16-bit IEEE format, with 5 exponent bits and 10 mantissa bits: largest value 65,504, smallest normal about 6e-5. Its narrow range lets small gradients flush to zero, which loss scaling prevents.',
  ),
  t(
    'bf16',
    'BF16 (bfloat16)',
    ['mixed-precision', 'the-formats'],
    ['fp16', 'fp32', 'tf32', 'autocast'],
    ['BF16', 'bf16', 'bfloat16'],
    "A 16-bit format with float32's 8 exponent bits and only 7 mantissa bits: the same range as float32, less precision. Training in it usually needs no loss scaling; tensor cores support it from the A100 (Ampere) on.",
  ),
  t(
    'tf32',
    'TF32 (TensorFloat-32)',
    ['mixed-precision', 'tf32-for-float32-matmuls'],
    ['fp32', 'bf16', 'tensor-core'],
    ['TF32'],
    'A tensor-core mode for float32 work on Ampere and later GPUs: inputs are rounded to a 10-bit mantissa (float32\'s 8-bit exponent kept) and products are accumulated in float32. Tensors stay float32; PyTorch leaves it off for matmuls unless you turn it on, for example with torch.set_float32_matmul_precision("high").',
  ),
  t(
    'fp8',
    'FP8',
    ['mixed-precision', 'fp8-briefly'],
    ['bf16', 'fp16', 'tensor-core'],
    ['FP8', 'fp8'],
    'Eight-bit floating-point formats (E4M3 and E5M2) that the newest tensor cores (Ada, Hopper and later) run at twice their 16-bit rate. With so few bits each tensor needs its own scale, so autocast does not use them; libraries such as Transformer Engine manage it.',
  ),
  t(
    'amp',
    'Automatic mixed precision (AMP)',
    ['mixed-precision', 'automatic-mixed-precision'],
    ['autocast', 'gradscaler', 'bf16', 'fp16'],
    [
      'automatic mixed precision',
      'Automatic mixed precision',
      'mixed precision',
      'Mixed precision',
    ],
    'Training with each operation in the lowest precision that is safe for it: matmuls and convolutions in 16 bits on the tensor cores, reductions, softmax and losses in float32, and the weights kept in float32. In PyTorch it is autocast, plus a GradScaler for fp16.',
  ),
  t(
    'autocast',
    'autocast',
    ['mixed-precision', 'automatic-mixed-precision'],
    ['amp', 'gradscaler', 'bf16'],
    ['autocast'],
    'PyTorch context manager (torch.autocast, torch.amp.autocast) that picks a dtype per operation inside it: operations that gain from 16 bits cast their inputs down, precision-sensitive ones run in float32. Wrap the forward pass and the loss; the backward pass follows the same choices.',
  ),
  t(
    'loss-scaling',
    'Loss scaling',
    ['mixed-precision', 'loss-scaling'],
    ['gradscaler', 'fp16', 'amp'],
    ['loss scaling', 'Loss scaling'],
    'Multiplying the loss by a large factor before backward so that small fp16 gradients do not underflow to zero, then dividing the gradients by the same factor before the optimizer step. Dynamic scaling lowers the factor and skips the step when gradients overflow.',
  ),
  t(
    'gradscaler',
    'GradScaler',
    ['mixed-precision', 'loss-scaling'],
    ['loss-scaling', 'autocast', 'fp16'],
    ['GradScaler'],
    "PyTorch's dynamic loss scaler, torch.amp.GradScaler: scaler.scale(loss).backward(), then scaler.step(optimizer), which unscales and skips steps with inf or NaN gradients, then scaler.update(). Needed with fp16, not with bf16.",
  ),
  t(
    'caching-allocator',
    'Caching allocator',
    ['gpu-memory', ALLOC],
    ['fragmentation', 'cuda-context', 'memory-snapshot'],
    ['caching allocator'],
    "PyTorch's GPU memory manager. It takes large segments from the driver, splits them into blocks for tensors and keeps freed blocks for reuse instead of returning them, because asking the driver is slow; so reserved memory, and what nvidia-smi shows, exceeds what live tensors use.",
  ),
  t(
    'fragmentation',
    'Fragmentation',
    ['gpu-memory', ALLOC],
    ['caching-allocator', 'out-of-memory'],
    ['fragmentation'],
    "Free memory inside the allocator's segments split into pieces too small for a request, so an allocation can fail while the total free memory would be enough. torch.cuda.empty_cache() returns only whole empty segments.",
  ),
  t(
    'cuda-context',
    'CUDA context',
    ['gpu-memory', 'what-fills-a-gpus-memory'],
    ['caching-allocator', 'out-of-memory'],
    ['CUDA context'],
    "The driver's per-process state on a GPU, created at the first CUDA call: loaded kernel code for PyTorch and its libraries, and bookkeeping. It takes a few hundred megabytes or more that PyTorch's memory counters do not show but nvidia-smi does.",
  ),
  t(
    'activations',
    'Activations',
    ['gpu-memory', 'activations-grow-with-the-batch'],
    ['activation-checkpointing', 'optimizer-state', 'out-of-memory'],
    ['activations'],
    "Intermediate results of the forward pass that are kept for the backward pass. Their size grows with the batch (and the sequence length), so they usually dominate a training step's peak memory.",
  ),
  t(
    'optimizer-state',
    'Optimizer state',
    ['gpu-memory', 'counting-the-model-state'],
    ['activations', 'out-of-memory'],
    ['optimizer state'],
    "Per-parameter tensors an optimizer keeps between steps, such as Adam's two running averages: 8 bytes per parameter in float32, on top of 4 for the weight and 4 for its gradient.",
  ),
  t(
    'out-of-memory',
    'Out of memory (OOM)',
    ['gpu-memory', 'out-of-memory-and-what-to-do-about-it'],
    ['activations', 'activation-checkpointing', 'gradient-accumulation', 'fragmentation'],
    ['out-of-memory', 'out of memory', 'Out of memory', 'OOM'],
    'The error (torch.OutOfMemoryError) raised when the caching allocator cannot find or reserve a block of the size asked for. The usual fixes shrink activations: a smaller batch, activation checkpointing, mixed precision.',
  ),
  t(
    'activation-checkpointing',
    'Activation checkpointing',
    ['gpu-memory', 'the-fixes-ranked-by-what-they-save'],
    ['activations', 'out-of-memory'],
    [
      'activation checkpointing',
      'gradient checkpointing',
      'Gradient checkpointing',
      'Activation checkpointing',
    ],
    'Also called gradient checkpointing: keeping only some activations in the forward pass and recomputing the rest during backward (torch.utils.checkpoint). It trades roughly one extra forward pass of compute for much less activation memory.',
  ),
  t(
    'gradient-accumulation',
    'Gradient accumulation',
    ['gpu-memory', 'the-fixes-ranked-by-what-they-save'],
    ['activations', 'out-of-memory', 'ddp'],
    ['gradient accumulation'],
    'Running several small batches forward and backward and summing their gradients before a single optimizer step, to train as if with a larger batch while holding only one small batch of activations.',
  ),
  t(
    'memory-snapshot',
    'Memory snapshot',
    ['gpu-memory', 'memory-snapshots'],
    ['caching-allocator', 'fragmentation'],
    ['memory snapshots', 'memory snapshot'],
    "A recording of every GPU allocation and free with its stack trace, plus the allocator's segments, made with torch.cuda.memory._record_memory_history() and saved with torch.cuda.memory._dump_snapshot(). It shows what made up the peak.",
  ),
  t(
    'data-parallelism',
    'Data parallelism',
    ['several-gpus', 'one-step-n-gpus'],
    ['ddp', 'dataparallel', 'all-reduce'],
    ['data parallelism'],
    'Training on several GPUs by giving each a full copy of the model and a different slice of the batch, then averaging the gradients so every copy takes the same step.',
  ),
  t(
    'dataparallel',
    'DataParallel',
    ['several-gpus', 'dataparallel-one-process-many-threads'],
    ['ddp', 'data-parallelism'],
    ['DataParallel'],
    "torch.nn.DataParallel: one process driving all GPUs of a machine from threads. Each step it copies the model to every GPU, splits the batch and gathers outputs on the first GPU, which with Python's interpreter lock makes it slower than DDP; PyTorch recommends DDP instead.",
  ),
  t(
    'ddp',
    'DDP (DistributedDataParallel)',
    ['several-gpus', 'distributeddataparallel-one-process-per-gpu'],
    ['dataparallel', 'all-reduce', 'nccl', 'data-parallelism'],
    ['DistributedDataParallel', 'DDP'],
    "PyTorch's data parallelism with one process per GPU, usually started with torchrun. During backward it all-reduces gradients in buckets as soon as each bucket is ready, so communication overlaps the rest of the backward pass.",
  ),
  t(
    'all-reduce',
    'All-reduce',
    ['several-gpus', 'the-ring-all-reduce'],
    ['ring-all-reduce', 'nccl', 'ddp'],
    ['all-reduces', 'all-reduced', 'all-reduce'],
    'A collective operation in which every participant contributes a tensor and every participant ends up with their elementwise sum (or average). DDP uses it to average gradients across GPUs.',
  ),
  t(
    'ring-all-reduce',
    'Ring all-reduce',
    ['several-gpus', 'the-ring-all-reduce'],
    ['all-reduce', 'nccl', 'nvlink'],
    ['ring all-reduce'],
    'An all-reduce that arranges N GPUs in a ring and runs a reduce-scatter then an all-gather, 2(N − 1) steps in all. Each GPU sends about 2(N − 1)/N times the data, nearly independent of N, so it uses every link fully.',
  ),
  t(
    'nccl',
    'NCCL',
    ['several-gpus', 'distributeddataparallel-one-process-per-gpu'],
    ['all-reduce', 'ring-all-reduce', 'ddp', 'nvlink'],
    ['NCCL'],
    'NVIDIA\'s collective communication library (said "nickel"): all-reduce, broadcast, all-gather and more across GPUs, over NVLink, PCIe or the network. It is PyTorch\'s distributed backend for NVIDIA GPUs.',
  ),
  t(
    'nvlink',
    'NVLink',
    ['several-gpus', 'when-communication-stops-hiding'],
    ['pcie', 'nccl', 'all-reduce'],
    ['NVLink'],
    "NVIDIA's direct GPU-to-GPU link inside a server, many times faster than PCIe: 600 GB/s per A100 and 900 GB/s per H100, counting both directions. It keeps gradient all-reduces short.",
  ),
  t(
    'kv-cache',
    'KV cache',
    ['architectures', 'transformers'],
    ['flashattention', 'memory-bound'],
    ['KV cache'],
    'The keys and values of earlier tokens that a transformer keeps while generating text, so each new token computes only its own. It saves recomputation at the cost of memory that grows with batch and sequence length, and reading it each step makes generation memory-bound.',
  ),
  t(
    'flashattention',
    'FlashAttention',
    ['architectures', 'transformers'],
    ['sdpa', 'shared-memory', 'kv-cache'],
    ['FlashAttention'],
    'An exact attention algorithm that works through the query, key and value matrices in tiles held in on-chip shared memory, never writing the full sequence-by-sequence score matrix to HBM. It moves far fewer bytes and needs memory linear in the sequence length.',
  ),
  t(
    'sdpa',
    'SDPA (scaled dot-product attention)',
    ['architectures', 'transformers'],
    ['flashattention', 'kv-cache'],
    ['SDPA'],
    "torch.nn.functional.scaled_dot_product_attention, PyTorch's fused attention call. It picks a FlashAttention, memory-efficient or plain implementation depending on the inputs and the GPU.",
  ),
];

/** The entry with this id, or undefined. */
export function findTerm(id: string): GlossaryTerm | undefined {
  return GLOSSARY_TERMS.find((entry) => entry.id === id);
}

/** The entries sorted alphabetically by name, ignoring case, as the glossary page lists them. */
export function sortedTerms(): GlossaryTerm[] {
  return [...GLOSSARY_TERMS].sort((a, b) =>
    a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }),
  );
}

/** The first entry under each initial letter of sorted `entries`, for an A-Z index. */
export function letterIndex(entries: readonly GlossaryTerm[]): { letter: string; id: string }[] {
  const index: { letter: string; id: string }[] = [];
  for (const entry of entries) {
    const letter = entry.term.charAt(0).toUpperCase();
    if (index.at(-1)?.letter !== letter) index.push({ letter, id: entry.id });
  }
  return index;
}
