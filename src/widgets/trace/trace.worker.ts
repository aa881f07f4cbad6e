/** The trace worker: reads and analyses a profiler trace off the page's main thread. */
import { handleReadTrace } from './worker/handler';
import type { ReadTraceRequest, ReadTraceResponse } from './worker/protocol';

/** The parts of a dedicated worker's global scope this script uses. */
interface TraceWorkerScope {
  onmessage: ((event: MessageEvent<ReadTraceRequest>) => void) | null;
  postMessage(message: ReadTraceResponse, transfer?: Transferable[]): void;
}

const scope = self as unknown as TraceWorkerScope;

scope.onmessage = (event) => {
  void handleReadTrace(event.data, (response, transfer) => scope.postMessage(response, transfer));
};
