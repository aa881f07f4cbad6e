/**
 * The allocation events of two iterations of a plain training loop:
 *
 *     out = model(x); loss = loss_fn(out, y); loss.backward(); optimizer.step(); optimizer.zero_grad()
 *
 * layer by layer. The weights exist first; forward allocates each layer's output and what it keeps
 * for backward; backward frees those in reverse and creates the gradients (first iteration, or
 * after zero_grad set them to None) or adds into them; the optimizer allocates its state on its
 * first step (Adam/AdamW two fp32 buffers per parameter, SGD with momentum one); zero_grad frees
 * the gradients (set_to_none, PyTorch's default since 2.0). The habits (loop-code.ts) change the
 * events. Tensors are per layer, so a 7B model has a few thousand events. Pure.
 *
 * Modeled, not traced: every size is the engine's (its stepMemory's tensors, workspaces and the
 * foreach optimizer's temporaries), so the plain loop peaks where the engine says; GradScaler's
 * scalars and the autograd graph's own small tensors are left out.
 */
import { EventLog, type TrainingEvent } from './event-log';
import type { LoopHabits } from './loop-code';
import { lossForward } from './loss-pass';
import {
  backwardPass,
  checkpointPlan,
  forwardPass,
  freeModelOutput,
  keys,
  LOSS_BYTES,
  PARAM_BYTES,
  type PassInput,
} from './passes';
import type { StepSetup } from './step-setup';

/** Iterations of the loop the events cover. */
export const ITERATIONS = 2;

/** What the events are built from: the setup's sizes. */
export type EventInput = PassInput &
  Pick<StepSetup, 'optimizerBuffers' | 'optimizerId' | 'optimizerTemporaryBytes'>;

const STATE_NAMES: Readonly<Record<EventInput['optimizerId'], string>> = {
  sgd: 'momentum_buffer',
  adam: 'exp_avg and exp_avg_sq',
  adamw: 'exp_avg and exp_avg_sq',
};

/** The events of `ITERATIONS` iterations of the loop with these habits. */
export function buildTrainingEvents(input: EventInput, habits: LoopHabits): TrainingEvent[] {
  const log = new EventLog();
  const { layers } = input;
  const lossIndex = layers.at(-1)?.type === 'softmax-cross-entropy' ? layers.length - 1 : null;
  const modelEnd = lossIndex ?? layers.length;
  const segments = checkpointPlan(layers.length);

  log.start(
    'model',
    0,
    'model.to("cuda")',
    'Every layer’s weights move to the GPU: fp32, 4 bytes per parameter.',
  );
  layers.forEach((l, i) => log.alloc(`weights:${i}`, l.params * PARAM_BYTES, 'weights'));
  log.start(
    'optimizer',
    0,
    'optimizer created',
    'Creating the optimizer allocates nothing yet: its state appears at the first step().',
  );

  const keptLosses = new Set<string>();
  for (let it = 1; it <= ITERATIONS; it++) {
    if (habits.resetPeak) {
      log.start(
        'reset-peak',
        it,
        'reset_peak_memory_stats()',
        'The peak starts again from what is allocated now.',
      );
      log.action('reset-peak');
    }
    forwardPass(log, input, segments, it, modelEnd);
    if (freeModelOutput(log, input, it - 1, modelEnd)) {
      log.note('Assigning the new output to out frees the previous iteration’s output only now.');
    }
    log.start('loss', it, 'loss_fn(out, y)');
    if (lossIndex !== null) lossForward(log, input, lossIndex, it);
    log.alloc(keys.loss(it), LOSS_BYTES, 'loss');
    if (!keptLosses.has(keys.loss(it - 1))) log.free(keys.loss(it - 1));

    backwardPass(log, input, segments, it, layers.length - 1);
    optimizerStep(log, input, it, it === 1);
    zeroGrad(log, input, it, habits);

    log.start('log-loss', it, habits.keepLossTensors ? 'losses.append(loss)' : 'loss.item()');
    if (habits.keepLossTensors) {
      keptLosses.add(keys.loss(it));
      log.note(
        'The list keeps this loss tensor alive, and with it the autograd graph’s nodes (in host memory). backward() already freed the saved activations, so on the GPU only the 512-byte block per iteration stays.',
      );
    } else {
      log.note('.item() copies the number to the host; nothing stays on the GPU.');
    }
    if (habits.delOutputs) {
      log.start('del', it, 'del out, loss');
      freeModelOutput(log, input, it, modelEnd);
      if (!keptLosses.has(keys.loss(it))) log.free(keys.loss(it));
      log.note('The output is freed now, before the next forward, instead of after it.');
    }
    if (habits.emptyCache) {
      log.start(
        'empty-cache',
        it,
        'torch.cuda.empty_cache()',
        'Only segments with no tensor left in them go back to the driver; allocated memory does not change.',
      );
      log.action('empty-cache');
    }
  }
  return log.events;
}

/** optimizer.step(): the state appears on the first step; later steps update in place. */
function optimizerStep(log: EventLog, input: EventInput, it: number, first: boolean): void {
  const state = STATE_NAMES[input.optimizerId];
  log.start('step', it, first ? `optimizer.step() creates ${state}` : 'optimizer.step()');
  log.flushLater();
  const params = input.layers.reduce((sum, l) => sum + l.params, 0);
  if (input.optimizerTemporaryBytes > 0 && params > 0) {
    // _foreach_sqrt returns one tensor per parameter: the engine's total, layer by layer.
    input.layers.forEach((l, i) => {
      const key = `optimizer-temporary:${i}`;
      log.alloc(key, (input.optimizerTemporaryBytes * l.params) / params, 'outputs').freeLater(key);
    });
    log.note(
      'The foreach update takes the square root of every second moment at once: a temporary fp32 value per parameter.',
    );
  }
  if (!first) {
    log.note('Updates the weights and its state in place.');
    return;
  }
  const buffers = input.optimizerBuffers;
  log.note(
    `${buffers} fp32 buffer${buffers === 1 ? '' : 's'} per parameter, made on the first step.`,
  );
  input.layers.forEach((l, i) => {
    for (let b = 0; b < buffers; b++)
      log.alloc(`state:${i}:${b}`, l.params * PARAM_BYTES, 'optimizer');
  });
}

/** optimizer.zero_grad(): frees the gradients (set_to_none), unless it was forgotten. */
function zeroGrad(log: EventLog, input: EventInput, it: number, habits: LoopHabits): void {
  if (habits.forgetZeroGrad) {
    log.start(
      'zero-grad',
      it,
      'zero_grad() forgotten',
      'The gradients stay allocated into the next forward, and the next backward adds into them: the values are wrong, which is the bigger bug.',
    );
    log.flushLater();
    return;
  }
  log.start(
    'zero-grad',
    it,
    'optimizer.zero_grad()',
    'set_to_none=True: every .grad becomes None and its memory is freed.',
  );
  log.flushLater();
  input.layers.forEach((_, i) => log.free(keys.grad(i)));
}
