/**
 * A learner's measured run beside the engine's prediction for the same settings: the model,
 * GPU, tensor parallelism and formats of the widget, and the run's own workload (its input and
 * output lengths and its concurrency where the pasted text gives them, the widget's otherwise).
 * Each figure is a row: measured, modeled, and modeled over measured. Pure.
 */
import type { ServingSetup, ServingWorkload } from '../../engine/models';
import type { BenchReading } from './bench-output';
import type { ServingEngine } from './engine-port';
import { outcomeOf, type LeverOutcome } from './levers';

/** One figure compared. */
export interface ComparedFigure {
  id: 'throughput' | 'ttft' | 'tpot';
  measured: number;
  /** Null when the engine has no prediction (the model does not fit, say). */
  modeled: number | null;
}

/** The comparison of a measured run with the prediction. */
export interface BenchComparison {
  reading: BenchReading;
  /** The workload the prediction was made for. */
  workload: ServingWorkload;
  modeled: LeverOutcome;
  figures: ComparedFigure[];
  /** Where the run and the settings differ, or what was taken from where. */
  notes: string[];
}

/** The workload of a measured run: its own figures where it has them, the settings' otherwise. */
export function benchWorkload(reading: BenchReading, fallback: ServingWorkload): ServingWorkload {
  return {
    inputTokens: reading.inputTokens ?? fallback.inputTokens,
    outputTokens: reading.outputTokens ?? fallback.outputTokens,
    concurrency: reading.concurrency ?? 'max',
  };
}

/** The measured run beside the prediction for `setup` and the run's workload. */
export function compareBench(
  engine: Pick<ServingEngine, 'predict'>,
  reading: BenchReading,
  setup: ServingSetup,
  fallback: ServingWorkload,
): BenchComparison {
  const workload = benchWorkload(reading, fallback);
  const modeled = outcomeOf(engine, setup, workload);
  const notes: string[] = [];
  if (reading.inputTokens === null || reading.outputTokens === null) {
    notes.push(
      `The text gives no ${reading.inputTokens === null ? 'input' : 'output'} length per request: the prediction uses the widget's (${workload.inputTokens.toLocaleString('en-US')} in, ${workload.outputTokens.toLocaleString('en-US')} out).`,
    );
  }
  const gpus = setup.gpus ?? 1;
  if (reading.tensorParallel !== null && reading.tensorParallel !== gpus) {
    notes.push(
      `Your run used tensor parallel ${reading.tensorParallel}, the prediction ${gpus}: set the tensor-parallel GPUs above to match.`,
    );
  }
  const value = (pick: (o: Extract<LeverOutcome, { fits: true }>) => number) =>
    modeled.fits ? pick(modeled) : null;
  return {
    reading,
    workload,
    modeled,
    figures: [
      {
        id: 'throughput',
        measured: reading.outputTokensPerSecond,
        modeled: value((o) => o.outputTokensPerSecond),
      },
      { id: 'ttft', measured: reading.ttftSeconds, modeled: value((o) => o.ttftSeconds) },
      { id: 'tpot', measured: reading.tpotSeconds, modeled: value((o) => o.tpotSeconds) },
    ],
    notes,
  };
}
