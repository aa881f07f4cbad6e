import { formatBytesBinary } from '../../../format/units';
import { TENSOR_KINDS, type TensorKind } from './event-log';
import type { EventCounters } from './trace';

/** Names of the tensor kinds in the live breakdown. */
export const KIND_NAMES: Readonly<Record<TensorKind, string>> = {
  weights: 'weights',
  gradients: 'gradients',
  optimizer: 'optimizer state',
  'weight-copies': 'AMP weight copies',
  activations: 'saved activations and the batch',
  'loss-head': 'loss head (logits, log-probs, their gradients)',
  outputs: 'outputs and gradients in flight',
  workspace: 'cuBLAS workspaces',
  loss: 'loss tensors',
};

/** Props of the counters. */
export interface MemoryCountersProps {
  counters: EventCounters;
}

/**
 * The three torch.cuda counters after the current event, in a polite live region, and what
 * the live tensors are made of.
 */
export function MemoryCounters({ counters }: MemoryCountersProps) {
  const kinds = TENSOR_KINDS.filter((k) => counters.liveBytes[k] > 0);
  return (
    <div className="memstep-counters">
      <dl aria-live="polite" aria-atomic="true" data-counters>
        <div>
          <dt>
            <code>memory_allocated()</code>
          </dt>
          <dd data-counter="allocated">{formatBytesBinary(counters.allocatedBytes)}</dd>
        </div>
        <div>
          <dt>
            <code>max_memory_allocated()</code>
          </dt>
          <dd data-counter="peak">{formatBytesBinary(counters.peakAllocatedBytes)}</dd>
        </div>
        <div>
          <dt>
            <code>memory_reserved()</code>
          </dt>
          <dd data-counter="reserved">{formatBytesBinary(counters.reservedBytes)}</dd>
        </div>
      </dl>
      <p className="memstep-live">
        Live tensors:{' '}
        {kinds.length === 0
          ? 'none'
          : kinds
              .map((k) => `${KIND_NAMES[k]} ${formatBytesBinary(counters.liveBytes[k])}`)
              .join(', ')}
        .
      </p>
    </div>
  );
}
