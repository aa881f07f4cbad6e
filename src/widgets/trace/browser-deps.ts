/**
 * The trace reader's real dependencies in a browser: a module worker per file (an in-thread
 * stand-in where workers are missing), the example served beside the app, and the cost engine,
 * loaded only when asked for.
 */
import { EXAMPLE_FILE, type TraceDeps } from './controller';
import { InlineTraceWorker, workerTraceReader, type TraceWorkerLike } from './worker/reader';

/** Starts the trace worker, bundled by Vite. */
function createTraceWorker(): TraceWorkerLike {
  if (typeof Worker !== 'function') return new InlineTraceWorker();
  return new Worker(new URL('./trace.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as TraceWorkerLike;
}

/** Browser dependencies for TraceController. */
export function createBrowserTraceDeps(): TraceDeps {
  return {
    reader: workerTraceReader(createTraceWorker),
    async fetchExample(signal) {
      const url = new URL(`examples/${EXAMPLE_FILE}`, document.baseURI);
      const response = await fetch(url, { signal });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      return response.blob();
    },
    loadEngine: () => import('./engine-model').then((m) => m.engineTraceModel),
  };
}
