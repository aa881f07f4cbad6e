/** The class report's reading worker: progress files, zips and statement exports, off the page's main thread. */
import { handleReadClass, type ReadClassRequest, type ReadClassResponse } from './reader';

/** The parts of a dedicated worker's global scope this script uses. */
interface ClassWorkerScope {
  onmessage: ((event: MessageEvent<ReadClassRequest>) => void) | null;
  postMessage(message: ReadClassResponse): void;
}

const scope = self as unknown as ClassWorkerScope;

scope.onmessage = (event) => {
  void handleReadClass(event.data, (response) => scope.postMessage(response));
};
