/** How the profile writes its numbers and names its bounds and modes. Pure. */
import type { ExecutionMode, OptimizerId } from '../../engine/models';
import { formatSiShort, NO_VALUE } from '../../format/units';
import type { Bound } from './profile';

/** A bound as the table and the chart's legend name it. */
export const BOUND_LABELS: Readonly<Record<Bound, string>> = {
  compute: 'compute',
  memory: 'memory bandwidth',
  overhead: 'launch overhead',
};

/** A bound as a table cell names it (the legend gives the long names). */
export const BOUND_SHORT_LABELS: Readonly<Record<Bound, string>> = {
  compute: 'compute',
  memory: 'memory',
  overhead: 'overhead',
};

/** A FLOP count with an SI prefix: "53.7 GFLOP", "0 FLOP". */
export function formatFlops(flops: number): string {
  const short = formatSiShort(flops);
  if (short === NO_VALUE) return NO_VALUE;
  const match = /^(-?[\d.,]+)([kMGTPE]?)$/.exec(short);
  return match ? `${match[1]} ${match[2]}FLOP` : `${short} FLOP`;
}

/** The step's name in sentences. */
export function stepName(mode: 'train' | 'inference'): string {
  return mode === 'train' ? 'training step' : 'inference forward pass';
}

/** An execution mode as the controls and the comparison name it. */
export const EXECUTION_LABELS: Readonly<Record<ExecutionMode, string>> = {
  eager: 'eager',
  compiled: 'torch.compile',
  'cuda-graphs': 'CUDA graphs',
  'reduce-overhead': 'reduce-overhead',
};

/** An execution mode as the picker offers it. */
export const EXECUTION_CHOICES: Readonly<Record<ExecutionMode, string>> = {
  eager: 'eager (PyTorch’s default)',
  compiled: 'torch.compile',
  'cuda-graphs': 'CUDA graphs (eager)',
  'reduce-overhead': 'compile + CUDA graphs',
};

/** The PyTorch that asks for each execution mode. */
export const EXECUTION_CODE: Readonly<Record<ExecutionMode, string>> = {
  eager: 'model(x)',
  compiled: 'torch.compile(model)',
  'cuda-graphs': 'with torch.cuda.graph(g): y = model(x)',
  'reduce-overhead': 'torch.compile(model, mode="reduce-overhead")',
};

/** An optimizer's class in `torch.optim`. */
export const OPTIMIZER_CLASSES: Readonly<Record<OptimizerId, string>> = {
  sgd: 'SGD',
  adam: 'Adam',
  adamw: 'AdamW',
};
