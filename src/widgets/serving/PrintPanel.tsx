import type { DecoderSpec } from '../../engine/models';
import { formatCount } from '../../format/units';
import type { SettingsPatch } from '../../state/useWidgetState';
import { NumberSetting, settingBinder } from '../../ui/field';
import type { PrintedState } from './analysis';
import { servingSchema, type ServingSettings } from './settings';
import { PrintModelBox } from '../../ui/print-model/PrintModelBox';
import '../../ui/panel.css';
import '../../ui/inputs.css';

/** Props of the paste panel. */
export interface PrintPanelProps {
  printed: PrintedState;
  settings: ServingSettings;
  set(patch: SettingsPatch<ServingSettings>): void;
  onText(text: string): void;
  onExample(): void;
  idBase: string;
}

/** A decoder spec as a short list of facts. */
export function SpecFacts({ spec }: { spec: DecoderSpec }) {
  const facts: Array<[string, string]> = [
    ['Layers', formatCount(spec.layers)],
    ['Hidden', formatCount(spec.hidden)],
    ['Heads (query / KV)', `${formatCount(spec.heads)} / ${formatCount(spec.kvHeads)}`],
    ['MLP inner width', `${formatCount(spec.ffn)}${spec.gated ? ', gated' : ''}`],
    ['Vocabulary', `${formatCount(spec.vocab)}${spec.tiedEmbeddings ? ', tied head' : ''}`],
  ];
  return (
    <dl className="sv-facts" data-spec-facts>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "Your decoder from print(model)": a labelled monospace box for what Python prints for a
 * Hugging Face decoder, an example, the head size the text cannot show, and what the reader
 * made of it with every assumption it made. The text stays on the page, never in a link.
 */
export function PrintPanel({ printed, settings, set, onText, onExample, idBase }: PrintPanelProps) {
  const bind = settingBinder({ fields: servingSchema.fields, settings, set, idBase });
  const failed = printed.message !== null;
  const status = failed
    ? `Could not read this text: ${printed.message}`
    : printed.result
      ? `Read ${printed.result.model}: the prediction below uses the decoder it found.`
      : 'Paste a print(model) above, or the example.';
  return (
    <section className="ui-panel sv-print" aria-labelledby={`${idBase}-print-title`}>
      <h4 id={`${idBase}-print-title`}>Your decoder from print(model)</h4>
      <PrintModelBox
        idBase={idBase}
        text={printed.text}
        failed={failed}
        onText={onText}
        onExample={onExample}
        exampleName="Llama 3.1 8B"
        classPrefix="sv"
      />
      <NumberSetting {...bind('headDim')} entry="check" keeper="the reader" />
      <p
        className={failed ? 'sv-status sv-status--error' : 'sv-status'}
        role="status"
        data-print-status
      >
        {status}
      </p>
      {printed.result && !failed && (
        <div data-print-result>
          <SpecFacts spec={printed.result.spec} />
          <p className="sv-hint">What the reader assumed:</p>
          <ul className="sv-notes" data-print-notes>
            {printed.result.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
