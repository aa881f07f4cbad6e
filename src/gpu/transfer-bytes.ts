/**
 * The fill pattern the bandwidth measurement (transfer-bench.ts) uploads, and the exact
 * comparison its read-backs are checked with. Pure.
 */

/** Bytes filled with a pattern that depends on position and on `seed`. */
export function patternBytes(bytes: number, seed: number): Uint8Array<ArrayBuffer> {
  const words = new Uint32Array(Math.ceil(bytes / 4));
  for (let i = 0; i < words.length; i++) words[i] = (Math.imul(i, 0x9e3779b1) ^ seed) >>> 0;
  return new Uint8Array(words.buffer, 0, bytes);
}

/** Whether two byte arrays are identical (compared four bytes at a time). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  const whole = a.length - (a.length % 4);
  const wa = new Uint32Array(a.buffer, a.byteOffset, whole / 4);
  const wb =
    a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0
      ? new Uint32Array(b.buffer, b.byteOffset, whole / 4)
      : null;
  if (!wb) return a.every((v, i) => v === b[i]);
  for (let i = 0; i < wa.length; i++) if (wa[i] !== wb[i]) return false;
  for (let i = whole; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
