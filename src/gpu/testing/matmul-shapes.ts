/**
 * Test helper: the product the matmul kernels' GPU tests check on a sample of its elements.
 */
import type { MatmulShape } from '../../compute/matmul-reference';

/**
 * A product just past the check budget (m·n·k = 17.9 M multiply-adds against 2^24, jobs/
 * matmul-job.ts), so its result is checked on a sample, first and last elements included. Its
 * edges leave the same remainders as 1000 x 513 x 129 did (m: 104 past a multiple of 128 and 8
 * past one of 16, n: 1 past both, k: 1 past a multiple of 8 and 16): partial blocks in both
 * directions for every kernel's tile, at about a quarter of the work on a software adapter.
 */
export const LARGE_PRODUCT: MatmulShape = { m: 360, n: 385, k: 129 };
