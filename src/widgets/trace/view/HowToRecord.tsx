import '../../../ui/file-drop/file-drop.css';
import { ScrollRegion } from '../../../ui/ScrollRegion';

/** How to record a trace with torch.profiler, folded away until asked for. */
export function HowToRecord() {
  return (
    <details className="file-howto">
      <summary>How do I record a trace?</summary>
      <ScrollRegion className="file-howto-code" label="Code: recording a trace" stackTable={false}>
        <pre>
          <code>{`from torch.profiler import profile, ProfilerActivity, schedule

with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA],
             schedule=schedule(wait=1, warmup=1, active=2)) as prof:
    for step in range(4):
        train_step()      # forward, backward, optimizer step
        prof.step()       # marks ProfilerStep#N in the trace

prof.export_chrome_trace("trace.json")   # or on_trace_ready=tensorboard_trace_handler("log")`}</code>
        </pre>
      </ScrollRegion>
      <p>
        Open <code>trace.json</code> here, or the <code>*.pt.trace.json</code> (or{' '}
        <code>.json.gz</code>) that <code>tensorboard_trace_handler</code> writes. Two or three
        active steps are plenty: traces grow by tens of MB a step.
      </p>
    </details>
  );
}
