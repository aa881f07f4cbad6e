/**
 * The loss head's events: in forward, what cross-entropy keeps (the log-probabilities, and
 * nll_loss's fp32 copy of them under autocast); in backward, one event per autograd node
 * (NllLossBackward, ToCopyBackward, LogSoftmaxBackward), each making the gradient the engine
 * says it makes and releasing what it frees when the next node starts. The logits themselves
 * are held by the model's output (passes.ts). Sizes are the engine's bytes per logit times the
 * logits of the batch. Pure.
 */
import type { EventLog } from './event-log';
import { keys, tensorsOf, type PassInput } from './pass-input';

/** Logits of layer `i`'s loss head over the batch. */
function logitsOf(input: PassInput, i: number): number {
  const head = tensorsOf(input, i).lossHead;
  return head ? head.rows * head.classes * input.batch : 0;
}

/** The loss head's forward: what it keeps for backward (the held logits are the producer's). */
export function lossForward(log: EventLog, input: PassInput, i: number, it: number): void {
  const head = tensorsOf(input, i).lossHead;
  if (!head) return;
  const logits = logitsOf(input, i);
  for (const t of head.forward) {
    if (t.name === 'logits') continue;
    log.alloc(keys.lossTensor(i, t.name, it), t.bytesPerLogit * logits, 'loss-head');
  }
  log.note(
    head.forward.some((t) => t.name === 'fp32 copy')
      ? 'Cross-entropy keeps the log-probabilities, and nll_loss (fp32 under autocast) an fp32 copy of them: the logits’ size three times over.'
      : 'Cross-entropy keeps the log-probabilities, the size of the logits.',
  );
}

/** The loss head's backward, node by node. */
export function lossBackward(log: EventLog, input: PassInput, i: number, it: number): void {
  const head = tensorsOf(input, i).lossHead;
  if (!head) return;
  const name = input.layers[i]?.name ?? 'loss';
  const logits = logitsOf(input, i);
  for (const step of head.backward) {
    log.start('backward', it, `backward ${name}: ${step.node}`).flushLater();
    for (const t of step.alloc) {
      log.alloc(keys.lossTensor(i, t.name, it), t.bytesPerLogit * logits, 'loss-head');
    }
    log.freeLater(...step.freeAfter.map((n) => keys.lossTensor(i, n, it)));
  }
}
