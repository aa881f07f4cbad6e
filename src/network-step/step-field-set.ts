/**
 * The fields every widget that predicts one network step shares, as one set: the catalog GPU,
 * the network, training or inference, the batch, the sequence length, the precision and the
 * optimizer, each with the one set of limits of step-fields.ts. A widget spreads them into its
 * schema (keeping its own fields where its links have always put them) and adds its own. Pure.
 */
import type { OptimizerId } from '../engine/models';
import { catalogGpuField } from './gpu-fields';
import type { LearnerNetwork } from './networks';
import {
  batchField,
  networkField,
  optimizerField,
  seqField,
  stepModeField,
  stepPrecisionField,
} from './step-fields';

/** What differs between the widgets that share the step's fields. */
export interface StepFieldSetOptions {
  /** The learner's own networks the network field offers beside the zoo (none by default). */
  learnerNetworks?: readonly LearnerNetwork[];
  /** The batch a widget opens with. */
  defaultBatch: number;
  /** The optimizer a widget opens with. */
  defaultOptimizer: OptimizerId;
}

/** The shared fields of one network step, in the order links write them. */
export function networkStepFields({
  learnerNetworks = [],
  defaultBatch,
  defaultOptimizer,
}: StepFieldSetOptions) {
  return {
    /** The catalog GPU the step runs on. */
    gpu: catalogGpuField(),
    /** A zoo network id, or one of the learner's own (`custom`, `print`) where offered. */
    network: networkField(learnerNetworks),
    /** A training step (forward, backward, optimizer) or an inference step. */
    mode: stepModeField(),
    /** Samples per step. */
    batch: batchField({ default: defaultBatch }),
    /** Sequence length or time steps; 0 means the network's own default. */
    seq: seqField(),
    precision: stepPrecisionField(),
    optimizer: optimizerField(defaultOptimizer),
  };
}
