import { formatBytesDecimal } from '../../format/units';
import type { TranscriptEntry } from '../../store/session';
import { describeLaunch } from './launch-text';
import { describeTransfer } from './transfer-text';

/**
 * One transcript entry: the line, what it printed, its error and hint, the copies it made, and
 * the CUDA kernels it launched (modeled on the simulated GPU, measured here when computed here).
 */
export function ConsoleEntry({ entry }: { entry: TranscriptEntry }) {
  if (entry.origin === 'note') return <p className="console-note">{entry.source}</p>;
  return (
    <div className={`console-entry console-from-${entry.origin}`} data-entry-origin={entry.origin}>
      <pre className="console-line">
        <span className="console-prompt" aria-hidden="true">
          {'>>> '}
        </span>
        <span className="visually-hidden">Input: </span>
        {entry.source}
        {entry.origin === 'transfer' ? (
          <span className="console-origin"> (transfer simulator)</span>
        ) : null}
      </pre>
      {entry.output.length > 0 ? (
        <pre className="console-output">{entry.output.join('\n')}</pre>
      ) : null}
      {entry.transfers.map((t) => (
        <p key={t.id} className="console-transfer" title={`${formatBytesDecimal(t.bytes)} copied`}>
          {describeTransfer(t)}
        </p>
      ))}
      {entry.launches.map((launch) => (
        <p key={launch.id} className="console-launch" data-launch={launch.op}>
          {describeLaunch(launch, 'this device with WebGPU')}
        </p>
      ))}
      {entry.error ? (
        <div className="console-error" data-console-error>
          <pre>{entry.error.display}</pre>
          {entry.error.hint ? <p className="console-hint">Hint: {entry.error.hint}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
