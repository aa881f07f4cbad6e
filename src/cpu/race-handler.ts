/**
 * What a race worker does with one request, as a plain function: the worker script serves it,
 * and tests call it directly or through a fake in-process worker.
 */
import { raceBatchCpu, raceSerialCpu, validateRaceJob } from '../compute/race-reference';
import type { RaceRequest, RaceResponse } from './race-protocol';
import { answerRequests } from './worker-handler';

/** Tasks and steps run untimed on warm-up: about 0.2 million steps, under a millisecond. */
const WARM_UP_TASKS = 64;
const WARM_UP_ITERATIONS = 3000;

/** Computes the answer to a request; failures become an `error` response, never a throw. */
export const handleRaceRequest = answerRequests<RaceRequest, RaceResponse>({
  'warm-up': (request) => {
    // Run the hot loop briefly so the JIT has optimised it before any timed request,
    // as a GPU pipeline is compiled before its timed dispatches.
    raceBatchCpu(0, WARM_UP_TASKS, WARM_UP_ITERATIONS);
    return { response: { kind: 'ready', id: request.id }, transfer: [] };
  },
  serial: (request) => {
    validateRaceJob({ tasks: 0, iterations: 0, serialIterations: request.iterations });
    const result = raceSerialCpu(request.iterations);
    return { response: { kind: 'serial-done', id: request.id, result }, transfer: [] };
  },
  batch: (request) => {
    validateRaceJob({ tasks: request.count, iterations: request.iterations, serialIterations: 0 });
    validateRaceJob({ tasks: request.firstTask, iterations: 0, serialIterations: 0 });
    const results = raceBatchCpu(request.firstTask, request.count, request.iterations);
    const response: RaceResponse = {
      kind: 'batch-done',
      id: request.id,
      firstTask: request.firstTask,
      results,
    };
    return { response, transfer: [results.buffer] };
  },
});
