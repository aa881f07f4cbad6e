/** The snapshot worker: reads and analyses a dropped file off the page's main thread. */
import { handleAnalyseRequest } from './worker/handler';
import type { AnalyseRequest, AnalyseResponse } from './worker/protocol';

/** The parts of a dedicated worker's global scope this script uses. */
interface SnapshotWorkerScope {
  onmessage: ((event: MessageEvent<AnalyseRequest>) => void) | null;
  postMessage(message: AnalyseResponse): void;
}

const scope = self as unknown as SnapshotWorkerScope;

scope.onmessage = (event) => {
  handleAnalyseRequest(event.data, (response) => scope.postMessage(response));
};
