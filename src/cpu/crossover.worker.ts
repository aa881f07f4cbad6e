/** The CPU side of the crossover plot: a module worker that runs ReLU or matmul slices. */
import { createCrossoverHandler } from './crossover-handler';
import type { CrossoverRequest, CrossoverResponse } from './crossover-protocol';

/** The parts of a dedicated worker's global scope this script uses. */
interface CrossoverWorkerScope {
  onmessage: ((event: MessageEvent<CrossoverRequest>) => void) | null;
  postMessage(message: CrossoverResponse, transfer: Transferable[]): void;
}

const scope = self as unknown as CrossoverWorkerScope;
const handle = createCrossoverHandler();
scope.onmessage = (event) => {
  const { response, transfer } = handle(event.data);
  scope.postMessage(response, transfer);
};
