/**
 * Shared-memory banks, as the warp view counts them: 32 banks, each 4 bytes wide; word w lives
 * in bank w mod 32. When lane i reads word i × stride, the conflict degree is the most distinct
 * words any one bank must serve (the accesses it runs one after another): gcd(stride, 32). A
 * tile whose rows are padded by one word turns a column read from 32-way into conflict-free.
 * Pure.
 */
import { WARP_LANES } from '../../compute/divergence-reference';

/** Banks of shared memory on NVIDIA GPUs. */
export const BANKS = 32;

/** Bytes each bank delivers per cycle. */
export const BANK_BYTES = 4;

/** Smallest and largest stride the view offers, in words. */
export const BANK_STRIDE_LIMITS = { min: 1, max: 64 } as const;

/** What one warp's shared-memory access at a stride costs. */
export interface BankAccess {
  strideWords: number;
  /** The bank of each lane's word, lane 0 first. */
  bankOfLane: number[];
  /** Distinct words each bank serves, bank 0 first. */
  wordsPerBank: number[];
  /** The most distinct words one bank serves: 1 means no conflict. */
  conflictDegree: number;
}

/** The bank holding word `word`. */
export function bankOf(word: number): number {
  return word % BANKS;
}

/** The access of a warp whose lane i reads word i × strideWords. */
export function bankAccess(strideWords: number, lanes = WARP_LANES): BankAccess {
  if (!Number.isInteger(strideWords) || strideWords < 0) {
    throw new RangeError(`stride must be a whole number of words >= 0, got ${strideWords}`);
  }
  const words = Array.from({ length: lanes }, (_, lane) => lane * strideWords);
  const perBank = Array.from({ length: BANKS }, () => new Set<number>());
  for (const word of words) perBank[bankOf(word)]!.add(word);
  const wordsPerBank = perBank.map((s) => s.size);
  return {
    strideWords,
    bankOfLane: words.map(bankOf),
    wordsPerBank,
    conflictDegree: Math.max(...wordsPerBank),
  };
}

/** The row stride a tile of `rowWords`-word rows gets when padded by one word. */
export function paddedStride(rowWords: number): number {
  return rowWords + 1;
}

/** "no conflict", "2-way conflict", "32-way conflict". */
export function conflictText(degree: number): string {
  return degree <= 1 ? 'no conflict' : `${degree}-way conflict`;
}

/**
 * The sentence under the banks panel for one access: which bank each lane reads, and what the
 * busiest bank does. One word per bank reads "no conflict: each bank serves at most one word";
 * a broadcast (every lane reading one word) says so; more words read "serves N different words,
 * one after another: an N-way conflict". Pure.
 */
export function bankResultText(access: BankAccess): string {
  const stride = access.strideWords;
  const lead = `Stride ${stride} word${stride === 1 ? '' : 's'}: bank of lane i = (i × ${stride}) mod ${BANKS}.`;
  const gcd = `(gcd(${stride}, ${BANKS}) = ${access.conflictDegree})`;
  if (stride === 0) {
    return `${lead} Every lane reads the same word, which its bank broadcasts to all of them in one access: no conflict.`;
  }
  const degree = access.conflictDegree;
  if (degree <= 1) {
    return `${lead} No conflict: each bank serves at most one word, so the whole warp is served in one access ${gcd}.`;
  }
  return `${lead} The busiest bank serves ${degree} different words, one after another: a ${conflictText(degree)}, ${degree} accesses where one would do ${gcd}.`;
}
