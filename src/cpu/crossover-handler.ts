/**
 * What a crossover worker does with one request, as a plain function over the worker's loaded
 * data: the worker script serves it, and tests run it through an in-process fake worker.
 */
import { matmulRows, reluSlice } from './crossover-kernels';
import type { CrossoverRequest, CrossoverResponse } from './crossover-protocol';
import { answerRequests, type HandledRequest } from './worker-handler';

type Loaded =
  | { op: 'relu'; input: Float32Array }
  | { op: 'matmul'; n: number; rows: number; a: Float32Array; b: Float32Array };

/** A handler with its own loaded data, as one worker holds it; it never throws. */
export function createCrossoverHandler(): (
  request: CrossoverRequest,
) => HandledRequest<CrossoverResponse> {
  let loaded: Loaded | null = null;
  return answerRequests<CrossoverRequest, CrossoverResponse>({
    'load-relu': (request) => {
      loaded = { op: 'relu', input: request.input };
      return { response: { kind: 'loaded', id: request.id }, transfer: [] };
    },
    'load-matmul': (request) => {
      const { n, rows, a, b } = request;
      if (a.length !== rows * n || b.length !== n * n) {
        throw new RangeError(`a ${rows} x ${n} slice of A and ${n} x ${n} B were expected`);
      }
      loaded = { op: 'matmul', n, rows, a, b };
      return { response: { kind: 'loaded', id: request.id }, transfer: [] };
    },
    run: (request) => {
      if (!loaded) throw new Error('nothing was loaded before the run');
      const output =
        loaded.op === 'relu'
          ? reluSlice(loaded.input)
          : matmulRows(loaded.a, loaded.b, loaded.rows, loaded.n);
      return { response: { kind: 'ran', id: request.id, output }, transfer: [output.buffer] };
    },
  });
}
