/**
 * A bit pattern read aloud: its fields as bit strings, and the steps from sign, exponent and
 * mantissa to the value ("exponent 01011 = 11, minus the bias 15: 2^-4"). Pure.
 */
import type { Encoded } from './encoding';
import { exactDecimal } from './exact-decimal';
import { minNormalExponent, totalBits, type NumberFormat } from './formats';
import { add, rat } from './rational';

/** Which field a bit belongs to. */
export type BitField = 'sign' | 'exponent' | 'mantissa';

/** One bit of a pattern, most significant first. */
export interface PatternBit {
  /** Position from the least significant bit (0). */
  index: number;
  field: BitField;
  value: 0 | 1;
}

/** The bits of a pattern, most significant (the sign) first. */
export function patternBits(format: NumberFormat, bits: number): PatternBit[] {
  const width = totalBits(format);
  return Array.from({ length: width }, (_, i) => {
    const index = width - 1 - i;
    const field: BitField =
      index === width - 1 ? 'sign' : index >= format.mantissaBits ? 'exponent' : 'mantissa';
    const value: 0 | 1 = Math.floor(bits / 2 ** index) % 2 === 1 ? 1 : 0;
    return { index, field, value };
  });
}

/** The three fields as bit strings. */
export function fieldStrings(
  format: NumberFormat,
  encoded: Pick<Encoded, 'sign' | 'exponentField' | 'mantissaField'>,
): { sign: string; exponent: string; mantissa: string } {
  return {
    sign: String(encoded.sign),
    exponent: encoded.exponentField.toString(2).padStart(format.exponentBits, '0'),
    mantissa: encoded.mantissaField.toString(2).padStart(format.mantissaBits, '0'),
  };
}

/** The pattern with one bit flipped. */
export function flipBit(bits: number, index: number): number {
  const place = 2 ** index;
  return Math.floor(bits / place) % 2 === 1 ? bits - place : bits + place;
}

/** The pattern as hexadecimal, zero-padded to the format's width ("0x2e66"). */
export function hexOf(format: NumberFormat, bits: number): string {
  return `0x${bits.toString(16).padStart(Math.ceil(totalBits(format) / 4), '0')}`;
}

/** The steps from the fields to the value, one sentence each. */
export function explainPattern(format: NumberFormat, encoded: Encoded): string[] {
  const f = fieldStrings(format, encoded);
  const m = format.mantissaBits;
  const steps = [`Sign ${f.sign}: ${encoded.sign ? 'negative' : 'positive'}.`];
  if (encoded.cls === 'infinity') {
    return [
      ...steps,
      `Exponent ${f.exponent} (all ones) with mantissa 0: infinity.`,
      `Value: ${encoded.sign ? '-inf' : 'inf'}.`,
    ];
  }
  if (encoded.cls === 'nan') {
    const which =
      format.specials === 'ieee'
        ? 'all-ones exponent with a non-zero mantissa'
        : 'all ones in exponent and mantissa, the only NaN pattern of this format';
    return [...steps, `Exponent ${f.exponent}, mantissa ${f.mantissa}: ${which}.`, 'Value: NaN.'];
  }
  const fraction = `${encoded.mantissaField}/${2 ** m}`;
  if (encoded.exponentField === 0) {
    const scale = minNormalExponent(format);
    steps.push(
      `Exponent ${f.exponent}: ${encoded.cls === 'zero' ? 'zero' : 'subnormal'}, scale 2^${scale} and no hidden leading 1.`,
      `Mantissa ${f.mantissa} = ${encoded.mantissaField}: significand 0 + ${fraction}.`,
    );
  } else {
    const exponent = encoded.exponentField - format.bias;
    const significand = add(rat(1n), { n: BigInt(encoded.mantissaField), d: BigInt(2 ** m) });
    steps.push(
      `Exponent ${f.exponent} = ${encoded.exponentField}, minus the bias ${format.bias}: 2^${exponent}.`,
      `Mantissa ${f.mantissa} = ${encoded.mantissaField}: significand 1 + ${fraction} = ${exactDecimal(significand)}.`,
    );
  }
  const value = encoded.value ?? rat(0n);
  const signText = encoded.sign && value.n === 0n ? '-0' : exactDecimal(value);
  steps.push(`Value: ${signText}.`);
  return steps;
}
