/**
 * Whole networks: layer lists and the zoo, and predictions of a training step, an inference
 * step and a data-parallel step (time, peak memory, fit). What widgets and the predict CLI use.
 */
export {
  DDP_BUCKET_BYTES,
  type DataParallelMode,
  type DataParallelPrediction,
  type StepPhase,
} from './data-parallel';
export { analyzeNetwork } from './layers';
export { CUDA_CONTEXT_BYTES, largestBatch, stepMemory, type MemoryBreakdown } from './memory';
export {
  OPTIMIZER_IDS,
  optimizerCost,
  UNSCALE_BYTES_PER_PARAM,
  type OptimizerId,
} from './optimizer';
export { parseLayerList } from './parse-network';
export { NETWORK_PRECISIONS, precisionPlan, type NetworkPrecision } from './precision';
export {
  INFERENCE_PHASES,
  networkLayers,
  predictInference,
  predictTrainStep,
  type InferencePhase,
  type InferenceRequest,
  type ModelInput,
  type NetworkPrediction,
  type TrainStepRequest,
} from './predict-network';
export {
  predictDataParallel,
  type DataParallelAnswer,
  type DataParallelRequest,
} from './predict-data-parallel';
export {
  bytesSentPerGpu,
  modelStateShares,
  SHARDING_STRATEGIES,
  shardedModelState,
  shardUnits,
  stepCollectives,
  type ModelStateShares,
  type ShardedModelState,
  type ShardingStrategy,
  type StepCollectives,
} from './sharding';
export { type LayerStep, type StepPrediction } from './step-time';
export { EXECUTION_MODES, type ExecutionMode } from './eager/execution';
export { DEFAULT_HOST_OP_SECONDS } from './eager/host';
export type { LayerCost, ZooNetwork } from './types';
export { getZooNetwork, listZooNetworks, ZOO_IDS } from './zoo/zoo';
export { parsePrintedModel, type PrintedModelInput, type PrintedModelResult } from './print-model';
