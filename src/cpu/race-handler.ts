/**
 * What a race worker does with one request, as a plain function: the worker script wraps it,
 * and tests call it directly or through a fake in-process worker.
 */
import { raceBatchCpu, raceSerialCpu, validateRaceJob } from '../compute/race-reference';
import type { RaceRequest, RaceResponse } from './race-protocol';

/** Tasks and steps run untimed on warm-up: about 0.2 million steps, under a millisecond. */
const WARM_UP_TASKS = 64;
const WARM_UP_ITERATIONS = 3000;

/** A response and the buffers to transfer (not copy) with it. */
export interface HandledRequest {
  response: RaceResponse;
  transfer: Transferable[];
}

/** Computes the answer to `request`; failures become an `error` response, never a throw. */
export function handleRaceRequest(request: RaceRequest): HandledRequest {
  try {
    switch (request.kind) {
      case 'warm-up':
        // Run the hot loop briefly so the JIT has optimised it before any timed request,
        // as a GPU pipeline is compiled before its timed dispatches.
        raceBatchCpu(0, WARM_UP_TASKS, WARM_UP_ITERATIONS);
        return { response: { kind: 'ready', id: request.id }, transfer: [] };
      case 'serial': {
        validateRaceJob({ tasks: 0, iterations: 0, serialIterations: request.iterations });
        const result = raceSerialCpu(request.iterations);
        return { response: { kind: 'serial-done', id: request.id, result }, transfer: [] };
      }
      case 'batch': {
        validateRaceJob({
          tasks: request.count,
          iterations: request.iterations,
          serialIterations: 0,
        });
        validateRaceJob({ tasks: request.firstTask, iterations: 0, serialIterations: 0 });
        const results = raceBatchCpu(request.firstTask, request.count, request.iterations);
        const response: RaceResponse = {
          kind: 'batch-done',
          id: request.id,
          firstTask: request.firstTask,
          results,
        };
        return { response, transfer: [results.buffer] };
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
}
