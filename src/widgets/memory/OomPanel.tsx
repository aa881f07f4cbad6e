import { formatBytesBinary } from '../../format/units';
import type { OomReport } from './oom';
import '../../ui/panel.css';

/** Props of the out-of-memory panel. */
export interface OomPanelProps {
  oom: OomReport | null;
  totalBytes: number;
  capacityBytes: number;
}

/**
 * What PyTorch would raise for a step that does not fit: its own message with this step's
 * figures (the modeled equivalent), and where in the step the allocation fails.
 */
export function OomPanel({ oom, totalBytes, capacityBytes }: OomPanelProps) {
  return (
    <section className="ui-panel" aria-label="Out of memory">
      <h4>Out of memory</h4>
      {oom ? (
        <>
          <p>
            PyTorch would stop with this error. It is the{' '}
            <span className="tag-modeled">modeled</span> equivalent: PyTorch’s wording, filled with
            this step’s figures.
          </p>
          <pre className="memory-oom-message" data-oom-message>
            {oom.message}
          </pre>
          <p data-oom-where>
            Replaying the step’s tensors one by one, the {formatBytesBinary(oom.tensorBytes)}{' '}
            allocation {oom.where} is the one that fails (PyTorch reports the size rounded to the
            allocator’s segment).
          </p>
          <p className="memory-hint">
            The replay makes the tensors in the order of a first training step (weights, then the
            forward pass, the gradients, the optimizer state), splits each part over the layers, and
            frees nothing; a real run fails at a point that depends on its own order and on
            fragmentation.
          </p>
        </>
      ) : (
        <p>
          The step needs {formatBytesBinary(totalBytes)} and the GPU has{' '}
          {formatBytesBinary(capacityBytes)}. It is on the edge: replaying its tensors one by one
          through the allocator model finds room for each, so which allocation would fail depends on
          details the model does not have.
        </p>
      )}
    </section>
  );
}
