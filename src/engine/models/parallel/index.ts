/**
 * Training at scale: tensor, sequence, context and pipeline parallelism composed with data
 * parallel and its sharding, per step and per GPU, and a planner that ranks every layout.
 */
export * from './constants';
export {
  CHECKPOINTING,
  PIPELINE_SCHEDULES,
  SHARDINGS,
  TRAINING_OPTIMIZERS,
  TRAINING_PRECISIONS,
  type Checkpointing,
  type Layout,
  type ParallelSetup,
  type PipelineSchedule,
  type Sharding,
  type TrainingOptimizer,
  type TrainingPrecision,
} from './layout';
export { parallelMemory, type ParallelMemory } from './parallel-memory';
export {
  predictParallelStep,
  type MicroBatchTime,
  type ParallelStepPrediction,
} from './parallel-step';
export {
  enumerateLayouts,
  limitOf,
  rankLayouts,
  type PlanBase,
  type RankedLayout,
} from './planner';
