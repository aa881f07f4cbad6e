import { useRef, useState, type KeyboardEvent } from 'react';
import { explainPattern, flipBit, hexOf, patternBits } from './bit-explain';
import type { Encoded } from './encoding';
import { exactDecimal } from './exact-decimal';
import { limitsOf, type NumberFormat } from './formats';
import './precision.css';
import './bit-editor.css';

/** Props of the bit editor. */
export interface BitEditorProps {
  format: NumberFormat;
  /** The pattern shown. */
  encoded: Encoded;
  /** Called with the pattern after a bit is flipped. */
  onPattern(bits: number): void;
}

const FIELD_NAMES = { sign: 'sign', exponent: 'exponent', mantissa: 'mantissa' } as const;

/**
 * The selected format's pattern as buttons, one per bit: clicking or pressing Space flips a bit
 * and the pattern is decoded at once. One tab stop for the whole row; arrow keys, Home and End
 * move between bits. Below, the steps from the fields to the value, and the format's limits.
 */
export function BitEditor({ format, encoded, onPattern }: BitEditorProps) {
  const bits = patternBits(format, encoded.bits);
  const [focus, setFocus] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(focus, bits.length - 1);
  const limits = limitsOf(format);

  const move = (to: number): void => {
    const next = Math.max(0, Math.min(bits.length - 1, to));
    setFocus(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, at: number): void => {
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: bits.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(to);
  };

  return (
    <section
      className="bit-editor"
      aria-label={`${format.name} bit by bit`}
      data-bit-editor={format.id}
    >
      <h4>
        {format.name} bit by bit <code>{format.torchName}</code>
      </h4>
      <p className="precision-note">{format.note}</p>
      <div
        className="bit-buttons"
        role="group"
        aria-label={`${format.name} bits, sign first: press a bit to flip it; arrow keys move between bits`}
      >
        {bits.map((bit, i) => (
          <button
            key={bit.index}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            className={`bit-button bit-field--${bit.field}${i > 0 && bits[i - 1]!.field !== bit.field ? ' bit-button--gap' : ''}`}
            aria-pressed={bit.value === 1}
            tabIndex={i === current ? 0 : -1}
            onFocus={() => setFocus(i)}
            onKeyDown={(e) => onKeyDown(e, i)}
            onClick={() => onPattern(flipBit(encoded.bits, bit.index))}
            data-bit={bit.index}
          >
            {bit.value}
            <span className="visually-hidden">{`: bit ${bit.index}, ${FIELD_NAMES[bit.field]}`}</span>
          </button>
        ))}
      </div>
      <p className="bit-hex">
        Pattern <code data-hex>{hexOf(format, encoded.bits)}</code>: 1 sign bit,{' '}
        {format.exponentBits} exponent bits (bias {format.bias}), {format.mantissaBits} mantissa
        bits.
      </p>
      <ol className="bit-steps" aria-live="polite" data-bit-steps>
        {explainPattern(format, encoded).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <dl className="precision-limits-list">
        <div>
          <dt>Largest normal</dt>
          <dd>{exactDecimal(limits.largestNormal)}</dd>
        </div>
        <div>
          <dt>Smallest normal</dt>
          <dd>{exactDecimal(limits.smallestNormal)}</dd>
        </div>
        <div>
          <dt>Smallest subnormal</dt>
          <dd>{exactDecimal(limits.smallestSubnormal)}</dd>
        </div>
        <div>
          <dt>Machine epsilon</dt>
          <dd>{exactDecimal(limits.epsilon)}</dd>
        </div>
      </dl>
    </section>
  );
}
