import '../../ui/file-drop/file-drop.css';
import { ScrollRegion } from '../../ui/ScrollRegion';

/** How to record a snapshot with PyTorch, folded away until asked for. */
export function HowToRecord() {
  return (
    <details className="file-howto">
      <summary>How do I record a snapshot?</summary>
      <p>
        On a machine with a CUDA GPU, start recording before the code you want to see, run a few
        training steps, then save the snapshot:
      </p>
      <ScrollRegion
        className="file-howto-code"
        label="Code: recording a snapshot"
        stackTable={false}
      >
        <pre>
          <code>{`import torch

torch.cuda.memory._record_memory_history(max_entries=100_000)

for step in range(5):
    train_step()          # your forward, backward and optimizer step

torch.cuda.memory._dump_snapshot("snapshot.pickle")
torch.cuda.memory._record_memory_history(enabled=None)  # stop recording`}</code>
        </pre>
      </ScrollRegion>
      <p>
        These functions start with an underscore: PyTorch documents them but may still change them.{' '}
        <code>max_entries</code> caps how many events are kept, which keeps the file small.
      </p>
    </details>
  );
}
