import { PasteArea } from '../field/PasteArea';

/** Props of the paste box for `print(model)`. */
export interface PrintModelBoxProps {
  /** Ids derive from it: `<idBase>-print-text` (the box), `<idBase>-print-hint` (its hint). */
  idBase: string;
  text: string;
  /** The reader refused the text: the box is marked invalid. */
  failed: boolean;
  onText(text: string): void;
  onExample(): void;
  /** The example's model, as its button names it ("Llama 3.1 8B"). */
  exampleName: string;
  /** The widget's class prefix for the hint, the label and the box (`sv`, `pp`). */
  classPrefix: string;
}

/**
 * Where a learner pastes what `print(model)` prints for a Hugging Face decoder: how to get it,
 * an example, and a labelled monospace box described by the hint. The text stays on the page,
 * never in a link.
 */
export function PrintModelBox({
  idBase,
  text,
  failed,
  onText,
  onExample,
  exampleName,
  classPrefix: c,
}: PrintModelBoxProps) {
  const textId = `${idBase}-print-text`;
  const hintId = `${idBase}-print-hint`;
  return (
    <>
      <p id={hintId} className={`${c}-hint`}>
        Load a Hugging Face decoder (<code>AutoModelForCausalLM.from_pretrained(…)</code>, or on the
        meta device) and paste what <code>print(model)</code> prints. The text stays on this page:
        it is not put in a share link or saved.
      </p>
      <button type="button" onClick={onExample}>
        Paste an example: {exampleName}
      </button>
      <PasteArea
        id={textId}
        hintId={hintId}
        label="The output of print(model)"
        value={text}
        onText={onText}
        failed={failed}
        rows={8}
        placeholder={'LlamaForCausalLM(\n  (model): LlamaModel(\n  …\n)'}
        labelClassName={`${c}-label`}
        className={`${c}-text`}
      />
    </>
  );
}
