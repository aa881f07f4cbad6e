/**
 * What a crossover worker does with one request, as a plain function over the worker's loaded
 * data: the worker script wraps it, and tests run it through an in-process fake worker.
 */
import { matmulRows, reluSlice } from './crossover-kernels';
import type { CrossoverRequest, CrossoverResponse } from './crossover-protocol';

/** A response and the buffers to transfer (not copy) with it. */
export interface HandledCrossoverRequest {
  response: CrossoverResponse;
  transfer: Transferable[];
}

type Loaded =
  | { op: 'relu'; input: Float32Array }
  | { op: 'matmul'; n: number; rows: number; a: Float32Array; b: Float32Array };

/** A handler with its own loaded data, as one worker holds it. */
export function createCrossoverHandler(): (request: CrossoverRequest) => HandledCrossoverRequest {
  let loaded: Loaded | null = null;
  return (request) => {
    try {
      switch (request.kind) {
        case 'load-relu':
          loaded = { op: 'relu', input: request.input };
          return { response: { kind: 'loaded', id: request.id }, transfer: [] };
        case 'load-matmul': {
          const { n, rows, a, b } = request;
          if (a.length !== rows * n || b.length !== n * n) {
            throw new RangeError(`a ${rows} x ${n} slice of A and ${n} x ${n} B were expected`);
          }
          loaded = { op: 'matmul', n, rows, a, b };
          return { response: { kind: 'loaded', id: request.id }, transfer: [] };
        }
        case 'run': {
          if (!loaded) throw new Error('nothing was loaded before the run');
          const output =
            loaded.op === 'relu'
              ? reluSlice(loaded.input)
              : matmulRows(loaded.a, loaded.b, loaded.rows, loaded.n);
          return {
            response: { kind: 'ran', id: request.id, output },
            transfer: [output.buffer],
          };
        }
        default: {
          const unknown = request as { kind?: unknown; id?: unknown };
          const id = typeof unknown.id === 'number' ? unknown.id : -1;
          const message = `unknown request kind ${String(unknown.kind)}`;
          return { response: { kind: 'error', id, message }, transfer: [] };
        }
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { response: { kind: 'error', id: request.id, message }, transfer: [] };
    }
  };
}
