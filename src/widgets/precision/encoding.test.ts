import { describe, expect, it } from 'vitest';
import { decodeBits, roundToFormat, type Encoded, type Rounded } from './encoding';
import { exactDecimal } from './exact-decimal';
import { formatOf, type FormatId } from './formats';
import { add, div, fromNumber, rat, sub, toNumber, pow2, type Rational } from './rational';
import { readTypedNumber, type TypedNumber } from './typed-number';

function typed(text: string): TypedNumber {
  const reading = readTypedNumber(text);
  if (!reading.ok) throw new Error(reading.message);
  return reading.number;
}

function finite(value: Rational): TypedNumber {
  return { kind: 'finite', value, negative: value.n < 0n };
}

function round(id: FormatId, text: string): Rounded {
  return roundToFormat(formatOf(id), typed(text));
}

/** Bits, stored value and outcome, as one line of text. */
function summary(id: FormatId, text: string): string {
  const { encoded, outcome } = round(id, text);
  const value = encoded.value === null ? encoded.cls : exactDecimal(encoded.value);
  const sign = encoded.value !== null && encoded.value.n === 0n && encoded.sign ? '-' : '';
  return `0x${encoded.bits.toString(16)} ${sign}${value} ${outcome}`;
}

/** A deterministic stream of u32s (xorshift32). */
function randomU32s(seed: number, count: number): number[] {
  let x = seed >>> 0;
  return Array.from({ length: count }, () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>>= 0);
  });
}

describe('rounding known values', () => {
  it('rounds 0.1 as PyTorch stores it in each format', () => {
    expect(summary('fp32', '0.1')).toBe('0x3dcccccd 0.100000001490116119384765625 rounded');
    expect(summary('fp16', '0.1')).toBe('0x2e66 0.0999755859375 rounded');
    expect(summary('bf16', '0.1')).toBe('0x3dcd 0.10009765625 rounded');
    expect(summary('tf32', '0.1')).toBe('0x1ee66 0.0999755859375 rounded');
    expect(summary('e4m3', '0.1')).toBe('0x1d 0.1015625 rounded');
    expect(summary('e5m2', '0.1')).toBe('0x2e 0.09375 rounded');
  });

  it('overflows fp16 at 65520 (a tie that goes to the even side, infinity)', () => {
    expect(summary('fp16', '65504')).toBe('0x7bff 65504 exact');
    expect(summary('fp16', '65519.99')).toBe('0x7bff 65504 rounded');
    expect(summary('fp16', '65520')).toBe('0x7c00 infinity overflow');
    expect(summary('fp16', '-1e5')).toBe('0xfc00 infinity overflow');
  });

  it('turns e4m3fn overflow and infinity into NaN, keeping the sign, as PyTorch does', () => {
    expect(summary('e4m3', '448')).toBe('0x7e 448 exact');
    expect(summary('e4m3', '464')).toBe('0x7e 448 rounded');
    expect(summary('e4m3', '464.01')).toBe('0x7f nan overflow');
    expect(summary('e4m3', '-500')).toBe('0xff nan overflow');
    expect(summary('e4m3', 'inf')).toBe('0x7f nan infinity');
    expect(summary('e4m3', '-inf')).toBe('0xff nan infinity');
  });

  it('gives e5m2 IEEE infinities', () => {
    expect(summary('e5m2', '57344')).toBe('0x7b 57344 exact');
    expect(summary('e5m2', '61439')).toBe('0x7b 57344 rounded');
    expect(summary('e5m2', '61440')).toBe('0x7c infinity overflow');
    expect(summary('e5m2', '-inf')).toBe('0xfc infinity infinity');
    expect(summary('e5m2', 'nan')).toBe('0x7f nan nan');
  });

  it('handles subnormals and flushes to a signed zero', () => {
    expect(summary('fp16', '5.9604644775390625e-8')).toBe('0x1 5.9604644775390625e-8 exact');
    // 2^-25 is halfway between 0 and the smallest subnormal: ties go to the even side, 0.
    expect(summary('fp16', '2.98023223876953125e-8')).toBe('0x0 0 underflow');
    expect(summary('fp16', '2.98023223876953126e-8')).toBe('0x1 5.9604644775390625e-8 rounded');
    expect(summary('fp16', '-1e-9')).toBe('0x8000 -0 underflow');
    expect(summary('fp16', '1e-5')).toBe('0xa8 0.000010013580322265625 rounded');
    expect(round('fp16', '1e-5').encoded.cls).toBe('subnormal');
    expect(summary('e4m3', '0.001953125')).toBe('0x1 0.001953125 exact');
    expect(summary('bf16', '1e-39')).toBe(
      '0xb 1.0101904577379033271606329616753673793754157128510127137965834975830148323439061641693115234375e-39 rounded',
    );
  });

  it('keeps -0, NaN and infinities', () => {
    expect(summary('fp16', '-0')).toBe('0x8000 -0 exact');
    expect(summary('fp32', '-0')).toBe('0x80000000 -0 exact');
    expect(summary('fp16', 'nan')).toBe('0x7e00 nan nan');
    expect(summary('bf16', 'nan')).toBe('0x7fc0 nan nan');
    expect(summary('fp32', '-inf')).toBe('0xff800000 infinity infinity');
  });

  it('breaks ties to the even mantissa', () => {
    // 1 + 2^-11 sits halfway between 1 and 1 + 2^-10 in fp16; 1 + 3·2^-11 halfway above that.
    expect(summary('fp16', '1.00048828125')).toBe('0x3c00 1 rounded');
    expect(summary('fp16', '1.00146484375')).toBe('0x3c02 1.001953125 rounded');
    expect(summary('fp16', '-1.00146484375')).toBe('0xbc02 -1.001953125 rounded');
    expect(summary('bf16', '1.00390625')).toBe('0x3f80 1 rounded');
  });
});

describe('fp32 against the platform', () => {
  it('rounds like Math.fround, normals, subnormals, overflow and ties alike', () => {
    const samples = randomU32s(0x5eed, 4000).map((u, i) => {
      const exponent = (u % 300) - 160;
      const mantissa = 1 + randomU32s(u ^ i, 1)[0]! / 2 ** 32;
      return (i % 2 ? -1 : 1) * mantissa * 2 ** exponent;
    });
    const ties = [1 + 2 ** -24, 1 + 3 * 2 ** -24, 2 ** -150, 3 * 2 ** -150, 2 ** 128 - 2 ** 103];
    // Every value is checked; what is wrong is collected and shown at the end (cheaper than two
    // expects for each of the 4,007 values).
    const wrong: string[] = [];
    for (const x of [...samples, ...ties, 3.4028235677973366e38, 1e-46]) {
      const { encoded } = roundToFormat(formatOf('fp32'), finite(fromNumber(x)));
      const expected = Math.fround(x);
      const got =
        encoded.value === null ? (encoded.sign ? -Infinity : Infinity) : toNumber(encoded.value);
      if (!(Object.is(got, expected) || got === expected)) {
        wrong.push(`${x}: ${got}, not ${expected}`);
      }
      const bits = new Uint32Array(new Float32Array([expected]).buffer)[0];
      if (!Object.is(encoded.bits, bits)) wrong.push(`${x}: bits ${encoded.bits}, not ${bits}`);
    }
    expect(wrong.slice(0, 20), `${wrong.length} wrong`).toEqual([]);
  });
});

describe('bf16 against the c10 bit trick', () => {
  it('rounds float32 values as round-to-nearest-even on the top 16 bits', () => {
    const view = new DataView(new ArrayBuffer(4));
    const wrong: string[] = [];
    for (const u of randomU32s(0xbf16, 3000)) {
      view.setUint32(0, u);
      const x = view.getFloat32(0);
      if (Number.isNaN(x)) continue;
      const expected = ((u + 0x7fff + ((u >>> 16) & 1)) >>> 16) & 0xffff;
      const got = roundToFormat(formatOf('bf16'), finite(fromNumber(x)));
      if (!Object.is(got.encoded.bits, expected)) {
        wrong.push(`${u.toString(16)}: ${got.encoded.bits}, not ${expected}`);
      }
    }
    expect(wrong.slice(0, 20), `${wrong.length} wrong`).toEqual([]);
  });
});

describe('every pattern of the small formats', () => {
  /** The value of a pattern by the textbook formula, as a double (exact for these formats). */
  function formula(id: FormatId, bits: number): number {
    const f = formatOf(id);
    const signed = bits >> (f.exponentBits + f.mantissaBits) ? -1 : 1;
    const e = (bits >> f.mantissaBits) & (2 ** f.exponentBits - 1);
    const m = bits & (2 ** f.mantissaBits - 1);
    if (e === 0) return signed * m * 2 ** (1 - f.bias - f.mantissaBits);
    return signed * (1 + m / 2 ** f.mantissaBits) * 2 ** (e - f.bias);
  }

  for (const id of ['fp16', 'e4m3', 'e5m2'] as const) {
    it(`${id}: decodes by the formula and rounds ties between neighbours to even`, () => {
      const f = formatOf(id);
      const count = 2 ** (1 + f.exponentBits + f.mantissaBits);
      let nans = 0;
      let infinities = 0;
      // Every pattern is checked; what is wrong is collected and shown at the end (one expect per
      // check would make the 65,536 patterns of fp16 several times slower).
      const wrong: string[] = [];
      const check = (ok: boolean, what: string) => {
        if (!ok) wrong.push(what);
      };
      const nudge = pow2(-200);
      // The pattern after this one, when it was decoded for the tie checks (decoding is pure).
      let carried: Encoded | null = null;
      for (let bits = 0; bits < count; bits++) {
        const decoded = carried?.bits === bits ? carried : decodeBits(f, bits);
        carried = null;
        if (decoded.cls === 'nan') nans++;
        if (decoded.cls === 'infinity') infinities++;
        if (decoded.value === null) continue;
        // === rather than Object.is: a negative zero decodes to the rational 0 with its sign bit set.
        check(toNumber(decoded.value) === formula(id, bits), `${bits}: decodes off the formula`);
        const back = roundToFormat(f, finite(decoded.value)).encoded.bits;
        check(
          back === (decoded.value.n === 0n ? bits & ~(count / 2) : bits),
          `${bits}: -> ${back}`,
        );
        const next = decodeBits(f, bits + 1);
        carried = next;
        if (decoded.sign || next.value === null || next.sign) continue;
        const middle = div(add(decoded.value, next.value), rat(2n));
        const even = decoded.mantissaField % 2 === 0 ? bits : bits + 1;
        const tie = roundToFormat(f, finite(middle)).encoded.bits;
        check(tie === even, `tie at ${bits}: -> ${tie}, not ${even}`);
        const below = roundToFormat(f, finite(sub(middle, nudge))).encoded.bits;
        check(below === bits, `just below the tie at ${bits}: -> ${below}`);
        const above = roundToFormat(f, finite(add(middle, nudge))).encoded.bits;
        check(above === bits + 1, `just above the tie at ${bits}: -> ${above}`);
      }
      expect(wrong.slice(0, 20), `${id}: ${wrong.length} wrong`).toEqual([]);
      const expected = { fp16: [2046, 2], e4m3: [2, 0], e5m2: [6, 2] }[id];
      expect([nans, infinities]).toEqual(expected);
    });
  }
});
