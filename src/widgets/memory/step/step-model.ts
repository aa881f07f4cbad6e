/**
 * Everything the step-through panel shows for one setup and one set of habits: the loop's lines,
 * the events run through the allocator, their phases, and the comparison with the engine. Pure.
 */
import { compareWithEngine, type EngineComparison } from './engine-gap';
import type { TrainingEvent } from './event-log';
import { loopLines, type LoopHabits, type LoopLine } from './loop-code';
import { checkpointPlan } from './passes';
import type { StepSetup } from './step-setup';
import { tracePhases, type Phase } from './timeline';
import { runTrace, type TrainingTrace } from './trace';
import { buildTrainingEvents } from './training-events';

/** The step-through of one setup with one set of habits. */
export interface StepModel {
  lines: LoopLine[];
  events: readonly TrainingEvent[];
  trace: TrainingTrace;
  phases: Phase[];
  comparison: EngineComparison;
}

/** Builds the events, runs them through the allocator and reads the result. */
export function stepModel(setup: StepSetup, habits: LoopHabits): StepModel {
  const events = buildTrainingEvents(setup, habits);
  const trace = runTrace(events, setup.capacityBytes, setup.contextBytes);
  return {
    lines: loopLines({
      habits,
      precision: setup.precision,
      optimizer: setup.optimizerId,
      checkpointing: setup.checkpointing,
      segments: checkpointPlan(setup.layers.length).length,
    }),
    events,
    trace,
    phases: tracePhases(trace),
    comparison: compareWithEngine(trace, setup.engineMemory),
  };
}
