import type { PrintedModelResult } from '../../engine/models';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { parameterPhrase } from './print-input';
import '../readout-table.css';

/** Props of the parse result. */
export interface PrintResultProps {
  result: PrintedModelResult;
  /** True when the current text could not be read and this result is the last good one. */
  stale: boolean;
  idBase: string;
}

/**
 * What the parser made of a pasted model: its class, the parameters it derived, how many layers
 * the engine models, the conventions it applied, and every line it could not use with why. The
 * pasted text is shown as text only (React escapes it), never as HTML.
 */
export function PrintResult({ result, stale, idBase }: PrintResultProps) {
  const { unused, notes } = result;
  return (
    <div className="print-result" data-print-result>
      {stale && (
        <p className="print-hint" data-print-stale>
          The prediction below is still for the last model read ({result.model}).
        </p>
      )}
      <dl className="print-facts">
        <div>
          <dt>Model</dt>
          <dd data-print-model>{result.model}</dd>
        </div>
        <div>
          <dt>Parameters</dt>
          <dd data-print-params>{parameterPhrase(result.params)}</dd>
        </div>
        <div>
          <dt>Layers the engine models</dt>
          <dd data-print-layers>{result.layers.length.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {notes.length > 0 && (
        <details className="print-notes">
          <summary>What the reader assumed ({notes.length})</summary>
          <ul>
            {notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </details>
      )}
      {unused.length === 0 ? (
        <p className="print-hint" data-print-unused="0">
          Every line was used.
        </p>
      ) : (
        <div className="print-unused" data-print-unused={unused.length}>
          <table className="readout-table" aria-labelledby={`${idBase}-unused-title`}>
            <caption id={`${idBase}-unused-title`}>
              {unused.length === 1 ? 'One line not used' : `${unused.length} lines not used`}
            </caption>
            <ColumnHeads names={['Line', 'Text', 'Why']} />
            <tbody>
              {unused.map((u) => (
                <tr key={u.line}>
                  <td>{u.line}</td>
                  <td>
                    <code>{u.text}</code>
                  </td>
                  <td>{u.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
