/**
 * The modeled time of the explorer's kernel, from the cost engine: a catalog GPU by its id, a
 * hand-set GPU (not in the catalog) as the spec the explorer built for it.
 */
import { predictKernel, predictKernelOn, type KernelPrediction } from '../../engine/models';
import { planKernel } from '../../gpu';
import type { ExplorerHardware } from './hardware';

/** The cost engine's prediction for ReLU over `elements` in blocks of `threadsPerBlock`. */
export function modelElementwise(
  hardware: ExplorerHardware,
  elements: number,
  threadsPerBlock: number,
): KernelPrediction {
  const descriptor = planKernel('relu', { elements, workgroupSize: threadsPerBlock }).descriptor;
  return hardware.custom
    ? predictKernelOn(hardware.gpu, descriptor)
    : predictKernel(hardware.base.id, descriptor);
}
