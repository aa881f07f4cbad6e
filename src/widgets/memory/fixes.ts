/**
 * What would make a step that does not fit fit, each computed with the engine on the same step
 * with one change: halve the batch (and the largest batch that fits), gradient checkpointing, a
 * chunked or fused cross-entropy (where the loss head is at least a tenth of the peak), AMP
 * (bf16 where the GPU has it, else fp16), SGD with momentum in place of Adam, all of those
 * together, and the smallest catalog GPU that holds the step. Memory fixes are ranked by the
 * bytes they save here; the other GPU comes last, since it saves nothing and adds room. Pure.
 */
import type { NetworkPrediction, NetworkPrecision } from '../../engine/models';
import { formatBytesBinary, formatCount, formatPercent } from '../../format/units';
import {
  withChange,
  type MemoryEngine,
  type MemoryScenario,
  type ScenarioChange,
} from './scenario';

/** The kinds of fix. */
export type FixId =
  | 'halve-batch'
  | 'largest-batch'
  | 'checkpointing'
  | 'chunked-loss'
  | 'amp'
  | 'optimizer'
  | 'all'
  | 'gpu';

/** The share of the peak a loss head must hold for a chunked cross-entropy to be offered. */
export const LOSS_HEAD_SHARE_WORTH_CHUNKING = 0.1;

/** One fix and what the engine predicts with it. */
export interface MemoryFix {
  id: FixId;
  /** What changes, in a few words ("Halve the batch: 64 → 32"). */
  title: string;
  /** How, in PyTorch terms, and what it costs besides time. */
  detail: string;
  /** The change to the step (what "apply" sets). */
  change: ScenarioChange;
  /** The GPU's memory after the fix. */
  capacityBytes: number;
  /** What the GPU must hold after the fix (reserved plus context). */
  totalBytes: number;
  /** Bytes the fix saves against the step as it is (0 for another GPU). */
  savedBytes: number;
  fits: boolean;
  /** Modeled seconds per step after the fix. */
  seconds: number;
  /** Modeled seconds per sample after the fix, over those of the step as it is. */
  timePerSampleRatio: number;
}

/** A fix before its prediction. */
interface FixPlan {
  id: FixId;
  title: string;
  detail: string;
  change: ScenarioChange;
}

/** Order of the fixes that save memory, for ties. */
const MEMORY_FIX_ORDER: readonly FixId[] = [
  'halve-batch',
  'largest-batch',
  'checkpointing',
  'chunked-loss',
  'amp',
  'optimizer',
];

/** The AMP precision for a GPU: bf16 where it has bf16 tensor cores, else fp16. */
export function ampPrecisionFor(scenario: MemoryScenario, engine: MemoryEngine): NetworkPrecision {
  return engine.precisionProblem(scenario.gpu, 'amp-bf16') === null ? 'amp-bf16' : 'amp-fp16';
}

/** The batch fixes: halve it, and go to the largest batch that fits when that is smaller. */
function batchPlans(scenario: MemoryScenario, largestBatch: number): FixPlan[] {
  const plans: FixPlan[] = [];
  const half = Math.floor(scenario.batch / 2);
  const fitting =
    largestBatch > 0
      ? `the largest batch that fits is ${formatCount(largestBatch)}`
      : 'no batch fits with these settings, not even 1';
  if (half >= 1) {
    plans.push({
      id: 'halve-batch',
      title: `Halve the batch: ${formatCount(scenario.batch)} → ${formatCount(half)}`,
      detail:
        scenario.mode === 'train'
          ? `Accumulate gradients over 2 steps before optimizer.step() to keep ${formatCount(scenario.batch)} samples per update; ${fitting}.`
          : `Serve the requests in smaller batches; ${fitting}.`,
      change: { batch: half },
    });
  }
  if (largestBatch > 0 && largestBatch < half) {
    plans.push({
      id: 'largest-batch',
      title: `Batch ${formatCount(largestBatch)}, the largest that fits`,
      detail: `The engine's search over batch sizes; ${Math.ceil(scenario.batch / largestBatch)} accumulation steps keep the samples per update.`,
      change: { batch: largestBatch },
    });
  }
  return plans;
}

/**
 * A chunked or fused cross-entropy, when the loss head (the logits and what cross-entropy makes
 * of them) is a significant part of the peak.
 */
function chunkedLossPlan(scenario: MemoryScenario, current: NetworkPrediction): FixPlan | null {
  const memory = current.memory;
  const share = memory.allocatedBytes > 0 ? memory.lossHeadBytes / memory.allocatedBytes : 0;
  if (scenario.mode !== 'train' || scenario.chunkedLoss) return null;
  if (share < LOSS_HEAD_SHARE_WORTH_CHUNKING) return null;
  return {
    id: 'chunked-loss',
    title: 'Chunked or fused cross-entropy',
    detail: `The loss head holds ${formatPercent(share)} of the peak: logits over every token and class, their log-probabilities, fp32 copies and gradients. Computing the loss over chunks of tokens (Liger Kernel’s LigerFusedLinearCrossEntropyLoss fuses the output layer with it) keeps one chunk’s logits at a time; the model then returns no full logits.`,
    change: { chunkedLoss: true },
  };
}

/** The fixes that apply to this step, before their predictions. */
function memoryPlans(
  scenario: MemoryScenario,
  current: NetworkPrediction,
  engine: MemoryEngine,
): FixPlan[] {
  const plans = batchPlans(scenario, current.largestBatch);
  const training = scenario.mode === 'train';
  if (training && !scenario.checkpointing) {
    plans.push({
      id: 'checkpointing',
      title: 'Gradient checkpointing',
      detail:
        'Wrap blocks in torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False): backward runs each segment’s forward again instead of keeping its activations.',
      change: { checkpointing: true },
    });
  }
  const chunked = chunkedLossPlan(scenario, current);
  if (chunked) plans.push(chunked);
  if (scenario.precision === 'fp32' || scenario.precision === 'tf32') {
    const amp = ampPrecisionFor(scenario, engine);
    const dtype = amp === 'amp-bf16' ? 'torch.bfloat16' : 'torch.float16';
    plans.push({
      id: 'amp',
      title: `Mixed precision (${amp === 'amp-bf16' ? 'AMP bf16' : 'AMP fp16'})`,
      detail: training
        ? `Run forward under torch.autocast("cuda", dtype=${dtype})${amp === 'amp-fp16' ? ' with torch.amp.GradScaler("cuda")' : ''}: activations take 2 bytes, weights and optimizer state stay fp32.`
        : scenario.phase === 'forward'
          ? `Run the forward under torch.autocast("cuda", dtype=${dtype}): activations take 2 bytes; the fp32 weights stay, with 16-bit copies cached while it runs.`
          : `Load the weights in 16 bits (torch_dtype=${dtype}): weights and activations take 2 bytes.`,
      change: { precision: amp },
    });
  }
  if (training && scenario.optimizer !== 'sgd') {
    plans.push({
      id: 'optimizer',
      title: 'SGD with momentum instead of Adam',
      detail:
        'torch.optim.SGD(model.parameters(), lr=…, momentum=0.9) keeps one buffer per parameter instead of two; it trains differently, so the learning rate needs tuning again.',
      change: { optimizer: 'sgd' },
    });
  }
  return plans;
}

/** The step as predicted with a plan's change, as a fix. */
function predictFix(
  plan: FixPlan,
  scenario: MemoryScenario,
  current: NetworkPrediction,
  engine: MemoryEngine,
): MemoryFix {
  const changed = withChange(scenario, plan.change);
  const after = engine.predict(changed);
  const capacityBytes = capacityOf(changed.gpu, engine);
  const perSampleNow = current.seconds / scenario.batch;
  return {
    ...plan,
    capacityBytes,
    totalBytes: after.memory.totalBytes,
    savedBytes: plan.id === 'gpu' ? 0 : current.memory.totalBytes - after.memory.totalBytes,
    fits: after.fits,
    seconds: after.seconds,
    timePerSampleRatio: after.seconds / changed.batch / perSampleNow,
  };
}

/** The memory of a catalog GPU (0 when the port does not list it). */
export function capacityOf(gpu: string, engine: MemoryEngine): number {
  return engine.gpus().find((g) => g.id === gpu)?.memoryBytes.value ?? 0;
}

/**
 * The smallest catalog GPU (by memory, then catalog order) that runs this precision and holds
 * the step, or, when none does, the largest one that runs the precision; null when no other GPU
 * runs it at all.
 */
function gpuPlan(
  scenario: MemoryScenario,
  totalBytes: number,
  engine: MemoryEngine,
): FixPlan | null {
  const candidates = engine
    .gpus()
    .filter(
      (g) => g.id !== scenario.gpu && engine.precisionProblem(g.id, scenario.precision) === null,
    )
    .sort((a, b) => a.memoryBytes.value - b.memoryBytes.value);
  const target = candidates.find((g) => g.memoryBytes.value >= totalBytes) ?? candidates.at(-1);
  if (!target) return null;
  const fits = target.memoryBytes.value >= totalBytes;
  const size = formatBytesBinary(target.memoryBytes.value);
  return {
    id: 'gpu',
    title: fits
      ? `Move to the ${target.name} (${size}), the smallest catalog GPU that holds it`
      : `No catalog GPU holds it: even the ${target.name} (${size}) is too small`,
    detail: fits
      ? 'Same network and settings on a GPU with more memory; the step time changes with its speed.'
      : 'Combine fixes, or split the model over several GPUs (sharding its weights, gradients and optimizer state).',
    change: { gpu: target.id },
  };
}

/** Memory fixes by bytes saved (most first), then all of them together, then another GPU. */
export function rankFixes(fixes: readonly MemoryFix[]): MemoryFix[] {
  const order = (f: MemoryFix) => MEMORY_FIX_ORDER.indexOf(f.id);
  const memory = fixes
    .filter((f) => order(f) >= 0)
    .sort((a, b) => b.savedBytes - a.savedBytes || order(a) - order(b));
  return [
    ...memory,
    ...fixes.filter((f) => f.id === 'all'),
    ...fixes.filter((f) => f.id === 'gpu'),
  ];
}

/** Every fix for a step that does not fit, predicted by the engine and ranked. */
export function computeFixes(
  scenario: MemoryScenario,
  current: NetworkPrediction,
  engine: MemoryEngine,
): MemoryFix[] {
  const plans = memoryPlans(scenario, current, engine);
  // A fix the engine refuses is left out rather than failing the whole answer.
  const predicted = (plan: FixPlan): MemoryFix[] => {
    try {
      return [predictFix(plan, scenario, current, engine)];
    } catch {
      return [];
    }
  };
  const fixes = plans.flatMap(predicted);
  const combinable = plans.filter((p) => p.id !== 'largest-batch');
  if (combinable.length >= 2 && !fixes.some((f) => f.fits)) {
    const change = Object.assign({}, ...combinable.map((p) => p.change)) as ScenarioChange;
    const all: FixPlan = {
      id: 'all',
      title: 'All of these together',
      detail: combinable.map((p) => p.title).join('; ') + '.',
      change,
    };
    fixes.push(...predicted(all));
  }
  const gpu = gpuPlan(scenario, current.memory.totalBytes, engine);
  if (gpu) fixes.push(...predicted(gpu));
  return rankFixes(fixes);
}
