import { formatBytesBinary, formatPercent } from '../../../format/units';
import { ENGINE_TOLERANCE, type EngineComparison } from './engine-gap';
import type { LoopHabits } from './loop-code';

/** Props of the note comparing the step-through with the engine. */
export interface EngineNoteProps {
  comparison: EngineComparison;
  habits: LoopHabits;
}

/** The engine's peak beside this loop's, and why they differ. */
export function EngineNote({ comparison, habits }: EngineNoteProps) {
  const engine = formatBytesBinary(comparison.enginePeakBytes);
  const loop = formatBytesBinary(comparison.tracePeakBytes);
  const gap = formatBytesBinary(Math.abs(comparison.gapBytes));
  let why: string;
  switch (comparison.reason) {
    case 'out-of-memory':
      why = `This loop stops at an out-of-memory error before reaching its peak; the estimate is what the step would need.`;
      break;
    case 'agrees':
      why = `This loop peaks at ${loop}, within ${formatPercent(ENGINE_TOLERANCE)} of it: both follow the same step, and the allocator rounds every block.`;
      break;
    case 'lower':
      why = `This loop peaks at ${loop}, ${gap} lower: it frees something sooner than the estimate assumes (deleting out and loss before the next forward, for instance).`;
      break;
    case 'higher':
      why = habits.forgetZeroGrad
        ? `This loop peaks at ${loop}, ${gap} higher. The estimate follows PyTorch’s default loop, where zero_grad() sets every gradient to None, so gradients only grow back while backward frees the activations. Forgetting zero_grad keeps all of them alive through the next forward and backward (and adds new gradients into old ones, which is the worse bug).`
        : `This loop peaks at ${loop}, ${gap} higher: it holds on to tensors the estimate does not count, such as the previous iteration’s output during the next forward.`;
      break;
  }
  return (
    <p className="memstep-engine" data-engine-note={comparison.reason}>
      The simulator’s estimate of this step (the engine’s <code>stepMemory</code>) is {engine} of{' '}
      <code>max_memory_allocated()</code>. {why}
    </p>
  );
}
