/**
 * The snapshot widget's real dependencies in a browser: a module worker per file (an in-thread
 * stand-in where workers are missing) and the example served beside the app.
 */
import { EXAMPLE_NAME, type SnapshotDeps } from './controller';
import { InlineSnapshotWorker, workerAnalyser, type SnapshotWorkerLike } from './worker/analyser';

/** Starts the snapshot worker, bundled by Vite. */
function createSnapshotWorker(): SnapshotWorkerLike {
  if (typeof Worker !== 'function') return new InlineSnapshotWorker();
  return new Worker(new URL('./snapshot.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as SnapshotWorkerLike;
}

/** Browser dependencies for SnapshotController. */
export function createBrowserSnapshotDeps(): SnapshotDeps {
  return {
    analyser: workerAnalyser(createSnapshotWorker),
    async fetchExample(signal) {
      const url = new URL(`examples/${EXAMPLE_NAME}`, document.baseURI);
      const response = await fetch(url, { signal });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      return response.arrayBuffer();
    },
  };
}
