/**
 * The training loop the step-through walks, as Python lines: which lines there are depends on
 * the habits the learner toggles (keeping loss tensors, forgetting zero_grad, `del out, loss`,
 * empty_cache, resetting the peak) and on the precision (autocast, fp16's GradScaler) and
 * checkpointing. Each line has an id the events point at. Pure.
 */
import type { NetworkPrecision, OptimizerId } from '../../../engine/models';

/** The lines of the loop that events can belong to. */
export type LineId =
  | 'model'
  | 'optimizer'
  | 'losses'
  | 'for'
  | 'reset-peak'
  | 'autocast'
  | 'forward'
  | 'loss'
  | 'backward'
  | 'step'
  | 'zero-grad'
  | 'log-loss'
  | 'del'
  | 'empty-cache';

/** The habits (good and bad) the learner can switch; each changes the events. */
export interface LoopHabits {
  /** `losses.append(loss)` instead of `losses.append(loss.item())`. */
  keepLossTensors: boolean;
  /** Leaves out `optimizer.zero_grad()`. */
  forgetZeroGrad: boolean;
  /** Ends each iteration with `del out, loss`. */
  delOutputs: boolean;
  /** Calls `torch.cuda.empty_cache()` after each step. */
  emptyCache: boolean;
  /** Calls `torch.cuda.reset_peak_memory_stats()` at the top of each iteration. */
  resetPeak: boolean;
}

/** A plain loop: none of the habits. */
export const PLAIN_LOOP: LoopHabits = {
  keepLossTensors: false,
  forgetZeroGrad: false,
  delOutputs: false,
  emptyCache: false,
  resetPeak: false,
};

/** One line of the loop: its id, indentation level and text. */
export interface LoopLine {
  id: LineId;
  indent: number;
  text: string;
  /** True for a line shown commented out (the forgotten zero_grad). */
  omitted?: boolean;
}

/** What shapes the loop's text. */
export interface LoopCodeInput {
  habits: LoopHabits;
  precision: NetworkPrecision;
  optimizer: OptimizerId;
  checkpointing: boolean;
  /** Checkpoint segments, for the forward line. */
  segments: number;
}

const OPTIMIZER_TEXT: Readonly<Record<OptimizerId, string>> = {
  sgd: 'torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)',
  adam: 'torch.optim.Adam(model.parameters())',
  adamw: 'torch.optim.AdamW(model.parameters())',
};

/** The loop's lines, in order. */
export function loopLines(input: LoopCodeInput): LoopLine[] {
  const { habits, precision } = input;
  const amp = precision === 'amp-fp16' || precision === 'amp-bf16';
  const scaler = precision === 'amp-fp16';
  const body = amp ? 2 : 1;
  const lines: LoopLine[] = [
    { id: 'model', indent: 0, text: 'model = model.to("cuda")' },
    { id: 'optimizer', indent: 0, text: `optimizer = ${OPTIMIZER_TEXT[input.optimizer]}` },
    { id: 'losses', indent: 0, text: 'losses = []' },
    { id: 'for', indent: 0, text: 'for x, y in loader:  # two iterations' },
  ];
  if (habits.resetPeak) {
    lines.push({ id: 'reset-peak', indent: 1, text: 'torch.cuda.reset_peak_memory_stats()' });
  }
  if (amp) {
    const dtype = precision === 'amp-fp16' ? 'float16' : 'bfloat16';
    lines.push({
      id: 'autocast',
      indent: 1,
      text: `with torch.autocast("cuda", dtype=torch.${dtype}):`,
    });
  }
  lines.push(
    {
      id: 'forward',
      indent: body,
      text: input.checkpointing
        ? `out = checkpoint_sequential(model, ${input.segments}, x, use_reentrant=False)`
        : 'out = model(x)',
    },
    { id: 'loss', indent: body, text: 'loss = loss_fn(out, y)' },
    {
      id: 'backward',
      indent: 1,
      text: scaler ? 'scaler.scale(loss).backward()' : 'loss.backward()',
    },
    {
      id: 'step',
      indent: 1,
      text: scaler ? 'scaler.step(optimizer); scaler.update()' : 'optimizer.step()',
    },
    habits.forgetZeroGrad
      ? { id: 'zero-grad', indent: 1, text: '# optimizer.zero_grad()  (forgotten)', omitted: true }
      : { id: 'zero-grad', indent: 1, text: 'optimizer.zero_grad()  # set_to_none=True' },
    {
      id: 'log-loss',
      indent: 1,
      text: habits.keepLossTensors ? 'losses.append(loss)' : 'losses.append(loss.item())',
    },
  );
  if (habits.delOutputs) lines.push({ id: 'del', indent: 1, text: 'del out, loss' });
  if (habits.emptyCache)
    lines.push({ id: 'empty-cache', indent: 1, text: 'torch.cuda.empty_cache()' });
  return lines;
}
