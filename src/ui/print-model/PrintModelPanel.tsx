import { CountInput } from '../field/CountInput';
import { PasteArea } from '../field/PasteArea';
import { PRINT_SIZE_LIMITS, type PrintSizes } from './print-input';
import { PrintResult } from './PrintResult';
import type { PrintedModelState } from './usePrintedModel';
import '../panel.css';
import '../inputs.css';
import './print-model.css';

/** Props of the paste panel. */
export interface PrintModelPanelProps {
  printed: PrintedModelState;
  idBase: string;
}

/** One size input: a label and a whole-number box. */
function SizeField(props: {
  id: string;
  label: string;
  value: number;
  max: number;
  onValue(value: number): void;
}) {
  return (
    <span className="ui-input print-size">
      <label htmlFor={props.id}>{props.label}</label>
      <CountInput
        id={props.id}
        value={props.value}
        min={1}
        max={props.max}
        onValue={(text) => props.onValue(Number(text))}
      />
    </span>
  );
}

/** The sizes the pasted text needs (image or sequence), or a line saying it needs none. */
function SizeFields({ printed, idBase }: PrintModelPanelProps) {
  const { needs, sizes, setSizes } = printed;
  const field = (name: keyof PrintSizes, label: string, max: number) => (
    <SizeField
      id={`${idBase}-print-${name}`}
      label={label}
      value={sizes[name]}
      max={max}
      onValue={(value) => setSizes({ [name]: value })}
    />
  );
  if (needs.image) {
    return (
      <fieldset className="ui-inputs print-sizes">
        <legend>Input image per sample (the repr does not show it)</legend>
        {field('channels', 'Channels', PRINT_SIZE_LIMITS.channels)}
        {field('height', 'Height', PRINT_SIZE_LIMITS.side)}
        {field('width', 'Width', PRINT_SIZE_LIMITS.side)}
      </fieldset>
    );
  }
  if (needs.seq) {
    return (
      <fieldset className="ui-inputs print-sizes">
        <legend>Input per sample (the repr does not show it)</legend>
        {field('seq', 'Sequence length (tokens or time steps)', PRINT_SIZE_LIMITS.seq)}
      </fieldset>
    );
  }
  return null;
}

/** The one-line status: reading, the parser's message, or what it read. */
function statusText(printed: PrintedModelState): string {
  if (printed.reading) return 'Reading…';
  if (printed.message !== null) return `Could not read this text: ${printed.message}`;
  if (printed.text.trim() === '') return 'Paste a print(model) above, or the example.';
  const read = printed.result;
  return read ? `Read ${read.model}: the prediction below uses the layers it found.` : '';
}

/**
 * "Your model from print(model)": a labelled monospace box for the text Python prints for an
 * `nn.Module`, a one-click example, the sizes the text cannot show, and what the engine's parser
 * made of it. The text stays on the page: it is not put in a share link or stored.
 */
export function PrintModelPanel({ printed, idBase }: PrintModelPanelProps) {
  const textId = `${idBase}-print-text`;
  const hintId = `${idBase}-print-hint`;
  const failed = printed.message !== null && !printed.reading;
  return (
    <section className="ui-panel print-panel" aria-labelledby={`${idBase}-print-title`}>
      <h4 id={`${idBase}-print-title`}>Your model from print(model)</h4>
      <p id={hintId} className="print-hint">
        Run <code>print(model)</code> in Python on your <code>nn.Module</code> (torchvision, Hugging
        Face, your own <code>nn.Sequential</code> or class) and paste what it prints. The text stays
        on this page: it is not put in a share link or saved, so reloading clears it.
      </p>
      <button type="button" className="print-example" onClick={printed.loadExample}>
        Paste an example: torchvision ResNet-50
      </button>
      <PasteArea
        id={textId}
        hintId={hintId}
        label="The output of print(model)"
        value={printed.text}
        onText={printed.setText}
        failed={failed}
        rows={10}
        placeholder={'ResNet(\n  (conv1): Conv2d(3, 64, kernel_size=(7, 7), …)\n  …\n)'}
        labelClassName="print-label"
        className="print-text"
      />
      <SizeFields printed={printed} idBase={idBase} />
      <p
        className={failed ? 'print-status print-status-error' : 'print-status'}
        role="status"
        data-print-status
      >
        {statusText(printed)}
      </p>
      {printed.result && (
        <PrintResult result={printed.result} stale={printed.message !== null} idBase={idBase} />
      )}
    </section>
  );
}
