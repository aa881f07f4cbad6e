/** The launch plan both simple matmul kernels share: one invocation per element of C. */
import { matmulDescriptor } from '../engine/models';
import { validateMatmulShape, type MatmulShape } from '../compute/matmul-reference';
import type { KernelPlan } from './kernel-plan';

/** A plan for either matmul kernel: edge x edge workgroups over C, one invocation per element. */
export function matmulPlanFor(
  label: string,
  shape: MatmulShape,
  edge: number,
  maxWorkgroupsPerDimension: number,
): KernelPlan {
  validateMatmulShape(shape);
  const x = Math.ceil(shape.n / edge);
  const y = Math.ceil(shape.m / edge);
  if (x > maxWorkgroupsPerDimension || y > maxWorkgroupsPerDimension) {
    throw new RangeError(
      `a ${shape.m} x ${shape.n} result needs ${x} x ${y} workgroups, more than ` +
        `${maxWorkgroupsPerDimension} along one dimension`,
    );
  }
  // The engine's builder gives bytes (A and B read once, C written once) and FLOPs; the launch
  // geometry is replaced by this kernel's own: many small blocks, no cap per SM.
  const engine = { ...matmulDescriptor(shape.m, shape.n, shape.k, 'fp32') };
  delete engine.blocksPerSm;
  return {
    descriptor: {
      ...engine,
      name: `${label} ${shape.m}x${shape.n}x${shape.k} fp32`,
      threadsPerBlock: edge * edge,
      blocks: x * y,
    },
    workgroupSize: [edge, edge, 1],
    dispatches: [[x, y, 1]],
  };
}
