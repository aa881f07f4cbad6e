/**
 * A hand-made `LayerCost`: every count zero, one kernel, one serial step, not a matrix product,
 * except for the fields given. For tests and for sketches of a single layer's cost. Pure.
 */
import type { LayerCost } from './types';

/** A layer cost with zeros everywhere but `over`. */
export function layerCost(over: Partial<LayerCost>): LayerCost {
  return {
    name: 'l',
    type: 'linear',
    params: 0,
    weightElements: 0,
    forwardFlops: 0,
    backwardFlops: 0,
    forwardIoElements: 0,
    backwardIoElements: 0,
    savedElements: 0,
    outputElements: 0,
    matmul: false,
    forwardKernels: 1,
    serialSteps: 1,
    kvCacheElements: 0,
    paramTensors: 0,
    ...over,
  };
}
