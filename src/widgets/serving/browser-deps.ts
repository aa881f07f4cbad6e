/**
 * The simulator's real dependencies: the cost engine's serving model (remembered through
 * src/network-step: the levers and the comparison ask for the settings' own server again, and
 * going back to earlier settings asks it all again), the print(model) reader, and the example
 * text. Tests pass fakes or these with the real (pure) engine.
 */
import { getGpu } from '../../engine/catalog';
import {
  predictServing,
  readDecoderFromPrintModel,
  sweepConcurrency,
  type ServingSetup,
  type ServingWorkload,
} from '../../engine/models';
import { remembered } from '../../network-step';
import type { ServingDeps } from './controller';
import type { ServingEngine } from './engine-port';
import example from './llama31-8b-example.txt?raw';

const predict = remembered(
  ({ setup, workload }: { setup: ServingSetup; workload: ServingWorkload }) =>
    predictServing(setup, workload),
  64,
);

const sweep = remembered(
  ({
    setup,
    workload,
    concurrencies,
  }: {
    setup: ServingSetup;
    workload: Omit<ServingWorkload, 'concurrency'>;
    concurrencies: readonly number[];
  }) => sweepConcurrency(setup, workload, concurrencies),
  16,
);

/** The cost engine behind the simulator's port. */
export const engineServing: ServingEngine = {
  predict: (setup, workload) => predict({ setup, workload }),
  sweep: (setup, workload, concurrencies) => sweep({ setup, workload, concurrencies }),
  readPrint: readDecoderFromPrintModel,
  gpuFacts: (id) => {
    const gpu = getGpu(id);
    return { name: gpu.name, memoryBytes: gpu.memoryBytes.value };
  },
};

/** The real dependencies. */
export function createBrowserServingDeps(): ServingDeps {
  return { engine: engineServing, printExample: () => example };
}
