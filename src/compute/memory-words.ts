/**
 * The units GPU memory traffic is counted in here, declared once for the kernels, the puzzles
 * and the warp view: a 32-bit word (an f32 or a u32) and the 32-byte sector NVIDIA GPUs fetch
 * from device memory. Pure.
 */

/** Bytes of one 32-bit word: an f32 or a u32. */
export const WORD_BYTES = 4;

/** Bytes of one sector, the unit NVIDIA GPUs fetch from device memory. */
export const SECTOR_BYTES = 32;
