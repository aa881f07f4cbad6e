/**
 * The stacked bar of a step's peak memory: the engine's breakdown cut into parts, in the order
 * they are drawn (the tensors `max_memory_allocated()` counts, then what the caching allocator
 * reserves on top, then the CUDA context), each with where it starts, its size and a sentence on
 * what it is. The parts add up exactly to the engine's allocated, reserved and total bytes. Pure.
 */
import type { MemoryBreakdown, OptimizerId } from '../../engine/models';
import { formatBytesBinary } from '../../format/units';
import { STEP_TENSOR_KINDS } from './step-tensors';

/** The parts of the bar, in drawing order. */
export const PART_IDS = [
  ...STEP_TENSOR_KINDS,
  'kv-cache',
  'workspace',
  'reserve',
  'context',
] as const;

/** One part of the bar. */
export type PartId = (typeof PART_IDS)[number];

/** Which counter a part belongs to. */
export type PartGroup = 'allocated' | 'reserved' | 'outside';

/** One drawn part of the bar. */
export interface BarPart {
  id: PartId;
  label: string;
  group: PartGroup;
  /** Where the part starts, counted from the left of the bar. */
  startBytes: number;
  bytes: number;
  /** What the part is, in one or two sentences. */
  explanation: string;
}

/** What the explanations need to know about the step. */
export interface PartContext {
  mode: 'train' | 'inference';
  optimizer: OptimizerId;
  checkpointing: boolean;
  /** True under an AMP precision. */
  amp: boolean;
}

/** The engine's name for a peak in the optimizer's step. */
const OPTIMIZER_STEP = 'optimizer.step()';

/** The short name of each part. */
export const PART_LABELS: Readonly<Record<PartId, string>> = {
  weights: 'Parameters',
  gradients: 'Gradients',
  optimizer: 'Optimizer state',
  'weight-copies': 'AMP weight copies',
  activations: 'Activations',
  'loss-head': 'Loss head (logits)',
  'kv-cache': 'KV cache',
  workspace: 'Workspace',
  reserve: 'Allocator reserve',
  context: 'CUDA context',
};

const OPTIMIZER_STATE: Readonly<Record<OptimizerId, string>> = {
  sgd: 'SGD with momentum keeps one fp32 momentum buffer per parameter (4 B).',
  adam: 'Adam keeps two fp32 moments per parameter, the running mean and variance (8 B).',
  adamw: 'AdamW keeps the same two fp32 moments per parameter as Adam (8 B).',
};

/** The layers holding the most activation memory, as a phrase ("loss (2 GiB), fc1 (1 GiB)"). */
export function largestLayersText(memory: MemoryBreakdown, count = 3): string {
  return memory.largestActivations
    .slice(0, count)
    .map((l) => `${l.name} (${formatBytesBinary(l.bytes)})`)
    .join(', ');
}

/** The sentence that explains the activations part. */
function activationsText(memory: MemoryBreakdown, context: PartContext): string {
  if (context.mode === 'inference') {
    return 'At inference nothing is kept for a backward pass: the peak is the largest layer input and output alive together.';
  }
  const largest = largestLayersText(memory);
  const kept = context.checkpointing
    ? 'With checkpointing only each segment’s input is kept, plus one segment’s activations while backward recomputes it.'
    : 'Tensors the forward pass keeps so the backward pass can compute gradients, and the input batch; they grow with the batch. Autocast’s 16-bit casts of a layer’s input, dropout’s one-byte masks and norms’ statistics count; a tensor two layers keep (a ReLU’s output, the next layer’s input) counts once.';
  return largest ? `${kept} Largest: ${largest}.` : kept;
}

/** How an inference step holds its weights, as a phrase. */
function inferenceWeights(memory: MemoryBreakdown, context: PartContext): string {
  if (!context.amp) return 'in fp32 (4 B per parameter)';
  return memory.weightCopiesBytes > 0
    ? 'in fp32 as loaded (4 B per parameter): autocast runs the forward over them'
    : 'loaded in 16 bits (2 B per parameter), as a model is loaded to generate';
}

/** The explanation of the loss-head part: its logits and what cross-entropy makes of them. */
function lossHeadText(memory: MemoryBreakdown): string {
  const head = memory.lossHead;
  if (!head) {
    return 'None here: the logits a softmax cross-entropy reads, and what it keeps, show here when a step has one.';
  }
  const parts = [
    `the logits the model’s output holds (${formatBytesBinary(head.logitsBytes)})`,
    `what cross-entropy keeps for backward: the log-probabilities and, under autocast, nll_loss’s fp32 copy of them (${formatBytesBinary(head.savedBytes)})`,
  ];
  if (head.gradientsBytes > 0) {
    parts.push(`their gradients alive at the peak (${formatBytesBinary(head.gradientsBytes)})`);
  }
  return `The softmax cross-entropy over the classes (a language model’s vocabulary, on every token): ${parts.join('; ')}. Each is tokens × classes in size, so a big vocabulary costs memory; a chunked or fused cross-entropy keeps one chunk of them at a time.`;
}

/** The explanation of the workspace part: transients and the cuBLAS workspaces. */
function workspaceText(memory: MemoryBreakdown, training: boolean): string {
  const sizes = memory.libraryWorkspaceBytes.map((b) => formatBytesBinary(b)).join(' + ');
  const thread = training ? '; autograd’s backward thread has a cuBLAS workspace of its own' : '';
  const libraries = sizes
    ? `the workspaces cuBLAS and cuBLASLt allocate through PyTorch’s allocator (${sizes}${thread})`
    : 'no cuBLAS workspace (this GPU does not run CUDA)';
  if (!training) return `${libraries.charAt(0).toUpperCase()}${libraries.slice(1)}.`;
  return `The short-lived tensors alive at the peak (gradients passed from layer to layer, the output held by out, a foreach optimizer’s temporaries) plus ${libraries}.`;
}

/** The sentence that explains the gradients part: how many exist at the moment of the peak. */
function gradientsText(memory: MemoryBreakdown): string {
  const all = memory.modelStateBytes - memory.weightsBytes - memory.optimizerBytes;
  const base =
    'One fp32 gradient per parameter (4 B), made layer by layer as backward frees the activations; zero_grad() sets them to None after the step, so none exist during forward.';
  if (memory.peakLayer === null || all <= 0) return base;
  const share =
    memory.gradientsBytes >= all
      ? 'all of them'
      : `${formatBytesBinary(memory.gradientsBytes)} of ${formatBytesBinary(all)}`;
  const where =
    memory.peakLayer === OPTIMIZER_STEP
      ? 'in optimizer.step()'
      : `in the backward of ${memory.peakLayer}`;
  return `${base} The peak falls ${where}, with ${share} made.`;
}

/** The explanation of every part for this step. */
function explanations(memory: MemoryBreakdown, context: PartContext): Record<PartId, string> {
  const training = context.mode === 'train';
  return {
    weights: training
      ? 'The network’s weights, kept in fp32 (4 B per parameter) in every precision here, AMP included.'
      : `The network’s weights, ${inferenceWeights(memory, context)}.`,
    gradients: training ? gradientsText(memory) : 'None: inference computes no gradients.',
    optimizer: training ? OPTIMIZER_STATE[context.optimizer] : 'None: inference has no optimizer.',
    'weight-copies':
      memory.weightCopiesBytes <= 0
        ? 'None: only autocast over fp32 weights makes 16-bit copies of them.'
        : training
          ? 'Autocast casts each matrix weight to a 16-bit copy every step and keeps it until backward.'
          : 'Autocast casts each matrix weight to a 16-bit copy and keeps it in its cache until the forward ends (no_grad does not stop it).',
    activations: activationsText(memory, context),
    'loss-head': lossHeadText(memory),
    'kv-cache':
      memory.kvCacheBytes > 0
        ? 'The keys and values attention computes for every position, kept at inference; a decoder reuses them for each new token instead of recomputing them.'
        : 'None: only attention at inference keeps keys and values.',
    workspace: workspaceText(memory, training),
    reserve:
      'Memory PyTorch’s caching allocator holds but no tensor uses: blocks rounded up to 512 B and packed into 2 MiB, 20 MiB or rounded segments (memory_reserved() minus max_memory_allocated()). Modeled perfectly packed, so a real run holds more.',
    context:
      'The CUDA driver’s context, kernels and library handles: about 0.5 GiB (an estimate) that PyTorch’s counters never show but the GPU must hold.',
  };
}

/** The sizes of the parts, straight from the engine's breakdown. */
function partBytes(memory: MemoryBreakdown): Record<PartId, number> {
  return {
    weights: memory.weightsBytes,
    gradients: memory.gradientsBytes,
    optimizer: memory.optimizerBytes,
    'weight-copies': memory.weightCopiesBytes,
    activations: memory.activationsBytes,
    'loss-head': memory.lossHeadBytes,
    'kv-cache': memory.kvCacheBytes,
    workspace: memory.workspaceBytes,
    reserve: memory.reservedBytes - memory.allocatedBytes,
    context: memory.contextBytes,
  };
}

/** The group of a part. */
export function groupOf(id: PartId): PartGroup {
  if (id === 'reserve') return 'reserved';
  if (id === 'context') return 'outside';
  return 'allocated';
}

/** Every part of the bar, in order, each starting where the one before ends. */
export function barParts(memory: MemoryBreakdown, context: PartContext): BarPart[] {
  const bytes = partBytes(memory);
  const text = explanations(memory, context);
  let startBytes = 0;
  return PART_IDS.map((id) => {
    const part: BarPart = {
      id,
      label: PART_LABELS[id],
      group: groupOf(id),
      startBytes,
      bytes: bytes[id],
      explanation: text[id],
    };
    startBytes += part.bytes;
    return part;
  });
}

/** The sum of the parts of some groups (all of them by default). */
export function sumParts(parts: readonly BarPart[], groups?: readonly PartGroup[]): number {
  return parts
    .filter((p) => groups === undefined || groups.includes(p.group))
    .reduce((sum, p) => sum + p.bytes, 0);
}
