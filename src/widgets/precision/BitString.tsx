import type { Encoded } from './encoding';
import { fieldStrings } from './bit-explain';
import type { NumberFormat } from './formats';

/**
 * A pattern's bits, coloured by field and spaced between fields; screen readers hear the fields
 * by name instead of a run of digits.
 */
export function BitString({ format, encoded }: { format: NumberFormat; encoded: Encoded }) {
  const f = fieldStrings(format, encoded);
  return (
    <span className="bit-string">
      <span aria-hidden="true">
        <span className="bit-field bit-field--sign">{f.sign}</span>
        <span className="bit-field bit-field--exponent">{f.exponent}</span>
        <span className="bit-field bit-field--mantissa">{f.mantissa}</span>
      </span>
      <span className="visually-hidden">
        sign {f.sign}, exponent {f.exponent}, mantissa {f.mantissa}
      </span>
    </span>
  );
}
