import { useEffect, useId, useMemo, useState } from 'react';
import { BitEditor } from './BitEditor';
import { decodeBits, type Encoded } from './encoding';
import { exactDecimal } from './exact-decimal';
import { FieldLegend } from './FieldLegend';
import { FORMATS, formatOf, type FormatId } from './formats';
import { FormatTable } from './FormatTable';
import { LimitsTable } from './LimitsTable';
import { readInFormat } from './reading';
import {
  sameLinkNumber,
  settingsOfTyped,
  textOfSettings,
  type PrecisionSettings,
} from './settings';
import { readTypedNumber, typedNumberText, type TypedNumber } from './typed-number';

/** Props of the formats part. */
export interface FormatsPanelProps {
  settings: Pick<PrecisionSettings, 'value' | 'special' | 'format'>;
  set(patch: Partial<Pick<PrecisionSettings, 'value' | 'special' | 'format'>>): void;
}

/** A pattern the learner made with the bit editor, kept while the input shows its value. */
interface EditedPattern {
  format: FormatId;
  bits: number;
  text: string;
}

/** The typed number of an encoded pattern (NaN, ±inf, ±0 or its exact value). */
function typedOf(encoded: Encoded): TypedNumber {
  if (encoded.cls === 'nan') return { kind: 'nan' };
  if (encoded.cls === 'infinity') return { kind: 'infinity', negative: encoded.sign === 1 };
  return { kind: 'finite', value: encoded.value!, negative: encoded.sign === 1 };
}

function readOrNull(text: string): TypedNumber | null {
  const reading = readTypedNumber(text);
  return reading.ok ? reading.number : null;
}

/**
 * Type a number and see it in every format: the bits, the exact value each stores, the errors
 * and what happened (rounded, subnormal, overflow, flushed to zero). The selected format's bits
 * can be flipped one by one. A number that cannot be read gets a message, and the last one read
 * stays on show.
 */
export function FormatsPanel({ settings, set }: FormatsPanelProps) {
  const id = useId();
  const [text, setText] = useState(() => textOfSettings(settings));
  const [shown, setShown] = useState<TypedNumber>(
    () => readOrNull(textOfSettings(settings)) ?? { kind: 'nan' },
  );
  const [edited, setEdited] = useState<EditedPattern | null>(null);
  const reading = readTypedNumber(text);

  // A link opened on the page (or a bit flipped) changed the number: show it in the box.
  const { value, special } = settings;
  useEffect(() => {
    const typed = readOrNull(text);
    if (typed && sameLinkNumber(settingsOfTyped(typed), { value, special })) return;
    const fromLink = textOfSettings({ value, special });
    setText(fromLink);
    setShown(readOrNull(fromLink) ?? { kind: 'nan' });
    // Only a change of the settings should replace what the learner typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, special]);

  const readings = useMemo(() => FORMATS.map((f) => readInFormat(f, shown)), [shown]);
  const format = formatOf(settings.format);
  const selected = readings.find((r) => r.format.id === settings.format)!;
  const editorPattern =
    edited && edited.format === format.id && edited.text === text
      ? decodeBits(format, edited.bits)
      : selected.rounded.encoded;

  const onText = (next: string): void => {
    setText(next);
    const typed = readOrNull(next);
    if (!typed) return;
    setShown(typed);
    set(settingsOfTyped(typed));
  };

  const onPattern = (bits: number): void => {
    const encoded = decodeBits(format, bits);
    const typed = typedOf(encoded);
    const nextText = typedNumberText(typed, exactDecimal);
    setEdited({ format: format.id, bits, text: nextText });
    setText(nextText);
    setShown(typed);
    set(settingsOfTyped(typed));
  };

  const shownText = typedNumberText(shown, exactDecimal);
  return (
    <div className="precision-formats">
      <div className="precision-input">
        <label htmlFor={`${id}-number`}>Number</label>
        <input
          id={`${id}-number`}
          className="ui-field"
          type="text"
          inputMode="decimal"
          spellCheck={false}
          autoComplete="off"
          value={text}
          aria-invalid={!reading.ok}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onText(e.target.value)}
          data-number-input
        />
        <p id={`${id}-hint`} className="precision-hint" aria-live="polite">
          {reading.ok ? (
            'Read exactly as typed (0.1 is exactly one tenth), then rounded once to nearest, ties to even.'
          ) : (
            <span className="precision-input-error" data-input-error>
              {reading.message} Still showing {shownText}.
            </span>
          )}
        </p>
      </div>
      <FieldLegend />
      <FormatTable
        readings={readings}
        selected={settings.format}
        onSelect={(f) => set({ format: f })}
        typedText={shownText}
      />
      <p className="precision-note">
        Each format rounds your exact number once. PyTorch usually makes a float32 tensor first and
        casts that, rounding twice; the two agree except in rare cases within a hair of a tie. TF32
        is no dtype: it is how tensor cores read float32 inputs when TF32 is allowed.
      </p>
      <BitEditor format={format} encoded={editorPattern} onPattern={onPattern} />
      <LimitsTable />
    </div>
  );
}
