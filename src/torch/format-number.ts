/** Number formatting as Python, PyTorch and NumPy print numbers. */

/** Python's `repr(float)`: shortest round-trip digits, scientific below 1e-4 or from 1e16. */
export function pyFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa = '0', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? '-' : '+';
    const digits = Math.abs(exponent).toString().padStart(2, '0');
    return `${mantissa.includes('.') ? mantissa : mantissa}e${sign}${digits}`;
  }
  const text = shortestFixed(value);
  return text.includes('.') ? text : `${text}.0`;
}

/** The shortest fixed-point text that reads back as `value`. */
function shortestFixed(value: number): string {
  for (let digits = 0; digits <= 20; digits++) {
    const text = value.toFixed(digits);
    if (Number(text) === value) return text;
  }
  return String(value);
}

/** Python's `'{:.Ne}'`: a mantissa with N decimals and an exponent of at least two digits. */
export function pyExponential(value: number, decimals: number): string {
  const [mantissa = '0', exponentText = '0'] = value.toExponential(decimals).split('e');
  const exponent = Number(exponentText);
  const sign = exponent < 0 ? '-' : '+';
  return `${mantissa}e${sign}${Math.abs(exponent).toString().padStart(2, '0')}`;
}

/** The shortest decimal text with at most `maxDecimals` decimals that rounds to the same float32. */
export function shortestFloat32(value: number, maxDecimals: number): string {
  for (let digits = 0; digits <= maxDecimals; digits++) {
    const text = value.toFixed(digits);
    if (Math.fround(Number(text)) === Math.fround(value)) return text;
  }
  return value.toFixed(maxDecimals);
}
