/**
 * A modeled network step, declared once for the widgets that predict one: its settings fields
 * and their one set of limits, the GPU field, the networks it may name, the engine request
 * built from its settings, and the remembered engine calls. Pure. Other layers import it only
 * through this file.
 */
export { decoderSpecFields } from './decoder-fields';
export {
  catalogGpuField,
  sessionGpuField,
  SIMULATED_GPU,
  type GpuFieldOptions,
} from './gpu-fields';
export {
  CUSTOM_NETWORK,
  effectiveSeq,
  hasAttention,
  hasSequence,
  isLearnerNetwork,
  LEARNER_NETWORK_NAMES,
  maxSeqOf,
  networkName,
  networkChoices,
  PRINT_NETWORK,
  sequenceName,
  zooNetworkOf,
  type LearnerNetwork,
} from './networks';
export {
  batchField,
  checkStepSeq,
  executionField,
  networkField,
  OPTIMIZER_NAMES,
  optimizerField,
  PRECISION_NAMES,
  seqField,
  STEP_LIMITS,
  STEP_MODE_NAMES,
  STEP_MODES,
  stepModeField,
  stepPrecisionField,
  type StepMode,
} from './step-fields';
export {
  inferenceRequestOf,
  lackingPrecisions,
  networkStepLayers,
  networkStepOf,
  precisionProblem,
  stepShapeOf,
  predictNetworkStep,
  trainRequestOf,
  type NetworkStep,
  type StepSettings,
} from './request';
export { networkStepFields, type StepFieldSetOptions } from './step-field-set';
export { dataParallelPrediction, stepLayerCosts, stepPrediction } from './engine';
export { remembered, requestKey } from './remembered';
