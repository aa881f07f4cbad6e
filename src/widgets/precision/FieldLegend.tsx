/** The colour key of the bit fields, in words as well as colours. */
export function FieldLegend() {
  return (
    <p className="bit-legend">
      <span className="bit-field bit-field--sign">sign</span>
      <span className="bit-field bit-field--exponent">exponent</span>
      <span className="bit-field bit-field--mantissa">mantissa</span>
    </p>
  );
}
