/** The 32-bit integer hash the kernels' inputs and the race's steps share. Pure. */

/** murmur3's 32-bit finaliser: mixes every input bit into every output bit (a u32). */
export function fmix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}
