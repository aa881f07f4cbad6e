/**
 * Coalescing, as the warp view counts it: the byte addresses one warp's load touches when lane
 * i reads word i × stride, the 32-byte sectors those addresses fall in (what the memory system
 * fetches), and the share of the fetched bytes the lanes use. Pure.
 */
import { WARP_LANES } from '../../compute/divergence-reference';
import { SECTOR_BYTES, WORD_BYTES } from '../../compute/memory-words';

/** A word's and a sector's bytes (declared once, in src/compute), for the warp view's panels. */
export { SECTOR_BYTES, WORD_BYTES };

/** Smallest and largest stride the view offers, in words. */
export const STRIDE_LIMITS = { min: 1, max: 64 } as const;

/** What one warp's load at a stride touches and fetches. */
export interface WarpLoad {
  strideWords: number;
  /** Each lane's byte address, lane 0 first (from a base of 0). */
  addressesBytes: number[];
  /** The distinct sectors touched, as sector numbers (address / 32), ascending. */
  sectors: number[];
  /** Bytes fetched: sectors × 32. */
  bytesFetched: number;
  /** Bytes the lanes asked for: 32 lanes × 4 bytes. */
  bytesUsed: number;
  /** bytesUsed / bytesFetched, 0..1. */
  usedShare: number;
}

/** The sector an address falls in. */
export function sectorOf(addressBytes: number): number {
  return Math.floor(addressBytes / SECTOR_BYTES);
}

/** The load of a warp whose lane i reads word i × strideWords. Throws below stride 1. */
export function warpLoad(strideWords: number, lanes = WARP_LANES): WarpLoad {
  if (!Number.isInteger(strideWords) || strideWords < 1) {
    throw new RangeError(`stride must be a whole number of words >= 1, got ${strideWords}`);
  }
  const addressesBytes = Array.from(
    { length: lanes },
    (_, lane) => lane * strideWords * WORD_BYTES,
  );
  const sectors = [...new Set(addressesBytes.map(sectorOf))].sort((a, b) => a - b);
  const bytesFetched = sectors.length * SECTOR_BYTES;
  const bytesUsed = lanes * WORD_BYTES;
  return {
    strideWords,
    addressesBytes,
    sectors,
    bytesFetched,
    bytesUsed,
    usedShare: bytesUsed / bytesFetched,
  };
}
