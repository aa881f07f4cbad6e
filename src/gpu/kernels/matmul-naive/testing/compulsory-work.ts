/**
 * The work every matmul kernel must do whatever its tiling: the naive kernel's FLOPs, and the
 * bytes of A and B read and of C written once each. Faster kernels change re-reads, not this.
 */
import type { MatmulShape } from '../../../../compute/matmul-reference';
import type { KernelPlan } from '../../../kernel-plan';
import { matmulNaivePlan } from '../matmul-naive';

/** A plan's FLOPs and the bytes its descriptor reads and writes. */
export function compulsoryWork({ descriptor }: Pick<KernelPlan, 'descriptor'>) {
  const { flops, bytesRead, bytesWritten } = descriptor;
  return { flops, bytesRead, bytesWritten };
}

/** The naive kernel's compulsory work for `shape`, which every matmul kernel must match. */
export function naiveCompulsoryWork(shape: MatmulShape) {
  return compulsoryWork(matmulNaivePlan(shape));
}
