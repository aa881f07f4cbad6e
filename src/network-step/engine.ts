/**
 * The cost engine's answers about network steps, remembered for every widget that asks: the
 * same step comes back when the learner returns to earlier settings, when an analysis passes
 * through a step twice (a fix's step, a sweep through the settings' own length, the comparison
 * of execution modes), and when two widgets on one page model the same step. Answers are
 * shared and read-only. Pure but for the cache.
 */
import { predictDataParallel, type DataParallelRequest } from '../engine/models';
import { remembered } from './remembered';
import { networkStepLayers, predictNetworkStep, type NetworkStep } from './request';

/** A step's prediction (throws a RangeError on input the engine refuses, asked again next time). */
export const stepPrediction: (step: NetworkStep) => ReturnType<typeof predictNetworkStep> =
  remembered(predictNetworkStep, 64);

/** A step's layers as the engine analyses them. */
export const stepLayerCosts: (step: NetworkStep) => ReturnType<typeof networkStepLayers> =
  remembered(networkStepLayers, 32);

/** A data-parallel training step (`batch` per GPU), as the engine predicts it. */
export const dataParallelPrediction: (
  request: DataParallelRequest,
) => ReturnType<typeof predictDataParallel> = remembered(predictDataParallel, 64);
