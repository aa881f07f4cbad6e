/** The CPU side of the race: a module worker that runs race requests with the CPU reference. */
import type { RaceRequest, RaceResponse } from './race-protocol';
import { handleRaceRequest } from './race-handler';

/** The parts of a dedicated worker's global scope this script uses. */
interface RaceWorkerScope {
  onmessage: ((event: MessageEvent<RaceRequest>) => void) | null;
  postMessage(message: RaceResponse, transfer: Transferable[]): void;
}

const scope = self as unknown as RaceWorkerScope;

scope.onmessage = (event) => {
  const { response, transfer } = handleRaceRequest(event.data);
  scope.postMessage(response, transfer);
};
