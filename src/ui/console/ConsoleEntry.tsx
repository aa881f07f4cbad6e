import { formatBytesDecimal } from '../../format/units';
import type { TranscriptEntry } from '../../store/session';
import { ScrollRegion } from '../ScrollRegion';
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
      {entry.output.length > 0 ? <Output lines={entry.output} source={entry.source} /> : null}
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

/**
 * Lines wider than this many characters may not fit a phone: such output keeps its lines
 * (memory_summary()'s table, a wide tensor) and scrolls sideways in a box of its own.
 */
export const WIDE_OUTPUT_CHARS = 40;

/** What a line printed: as is when short, in its own labelled scroll box when wide. */
function Output({ lines, source }: { lines: readonly string[]; source: string }) {
  const text = lines.join('\n');
  const wide = text.split('\n').some((line) => line.length > WIDE_OUTPUT_CHARS);
  if (!wide) return <pre className="console-output">{text}</pre>;
  return (
    <ScrollRegion
      className="console-output-scroll"
      label={`Output of ${source} (scrolls sideways)`}
      stackTable={false}
    >
      <pre className="console-output console-output--wide">{text}</pre>
    </ScrollRegion>
  );
}
