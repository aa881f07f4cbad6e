/** Props of a paste area. */
export interface PasteAreaProps {
  id: string;
  /** The id of the hint that says what to paste (the box is described by it). */
  hintId: string;
  label: string;
  value: string;
  onText(text: string): void;
  /** The reader refused the text: the box is marked invalid. */
  failed: boolean;
  rows: number;
  placeholder: string;
  /** Classes of the label and of the box (beside `ui-field`). */
  labelClassName: string;
  className: string;
}

/**
 * A labelled monospace box for text a program printed (`print(model)`, a benchmark's result
 * block): no spell check, capitalisation, completion or wrapping, described by its hint, marked
 * invalid when the reader refused it.
 */
export function PasteArea({
  id,
  hintId,
  label,
  value,
  onText,
  failed,
  rows,
  placeholder,
  labelClassName,
  className,
}: PasteAreaProps) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={id}
        className={`ui-field ${className}`}
        rows={rows}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        wrap="off"
        aria-describedby={hintId}
        aria-invalid={failed || undefined}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onText(e.target.value)}
      />
    </>
  );
}
