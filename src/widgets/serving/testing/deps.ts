/** Test helper: the simulator's dependencies with the real (pure) engine, nothing remembered. */
import { getGpu } from '../../../engine/catalog';
import { predictServing, sweepConcurrency } from '../../../engine/models';
import { readDecoderFromPrintModel } from '../../../engine/models/serving/from-print-model';
import type { ServingDeps } from '../controller';
import type { ServingEngine } from '../engine-port';
import EXAMPLE_PRINT from '../llama31-8b-example.txt?raw';

/** The example print(model) the widget offers. */
export { EXAMPLE_PRINT };

/** The engine, asked afresh every time (`calls` counts the predictions). */
export function countingEngine(): ServingEngine & { calls: { predict: number; sweep: number } } {
  const calls = { predict: 0, sweep: 0 };
  return {
    calls,
    predict: (setup, workload) => {
      calls.predict += 1;
      return predictServing(setup, workload);
    },
    sweep: (setup, workload, concurrencies) => {
      calls.sweep += 1;
      return sweepConcurrency(setup, workload, concurrencies);
    },
    readPrint: readDecoderFromPrintModel,
    gpuFacts: (id) => {
      const gpu = getGpu(id);
      return { name: gpu.name, memoryBytes: gpu.memoryBytes.value };
    },
  };
}

/** Fake dependencies; `overrides` replace any of them. */
export function fakeDeps(overrides: Partial<ServingDeps> = {}): ServingDeps {
  return { engine: countingEngine(), printExample: () => EXAMPLE_PRINT, ...overrides };
}
