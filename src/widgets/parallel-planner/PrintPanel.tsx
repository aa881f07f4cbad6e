import { formatCount } from '../../format/units';
import type { PrintedState } from './analysis';
import { PrintModelBox } from '../../ui/print-model/PrintModelBox';
import '../../ui/panel.css';
import '../../ui/inputs.css';

/** Props of the paste panel. */
export interface PrintPanelProps {
  printed: PrintedState;
  onText(text: string): void;
  onExample(): void;
  idBase: string;
}

/**
 * "Your decoder from print(model)": a labelled monospace box for what Python prints for a
 * Hugging Face decoder, an example, and what the reader made of it with every assumption it
 * made. The text stays on the page, never in a link.
 */
export function PrintPanel({ printed, onText, onExample, idBase }: PrintPanelProps) {
  const failed = printed.message !== null;
  const status = failed
    ? `Could not read this text: ${printed.message}`
    : printed.result
      ? `Read ${printed.result.model}: the planner lays out the decoder it found.`
      : 'Paste a print(model) above, or the example.';
  const spec = printed.result?.spec;
  return (
    <section className="ui-panel pp-print" aria-labelledby={`${idBase}-print-title`}>
      <h4 id={`${idBase}-print-title`}>Your decoder from print(model)</h4>
      <PrintModelBox
        idBase={idBase}
        text={printed.text}
        failed={failed}
        onText={onText}
        onExample={onExample}
        exampleName="Llama 2 13B"
        classPrefix="pp"
      />
      <p
        className={failed ? 'pp-status pp-status--error' : 'pp-status'}
        role="status"
        data-print-status
      >
        {status}
      </p>
      {spec && !failed && (
        <div data-print-result>
          <p className="pp-hint">
            {formatCount(spec.layers)} layers, hidden {formatCount(spec.hidden)},{' '}
            {formatCount(spec.heads)} query and {formatCount(spec.kvHeads)} key/value heads, MLP{' '}
            {formatCount(spec.ffn)}
            {spec.gated ? ' (gated)' : ''}, vocabulary {formatCount(spec.vocab)}
            {spec.tiedEmbeddings ? ' (tied head)' : ''}.
          </p>
          <p className="pp-hint">What the reader assumed:</p>
          <ul className="pp-notes" data-print-notes>
            {printed.result!.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
            <li>
              For training, the head count matters only for which tensor-parallel degrees divide it.
            </li>
          </ul>
        </div>
      )}
    </section>
  );
}
