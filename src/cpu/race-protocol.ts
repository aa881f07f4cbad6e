/** Messages between the RaceWorkerPool and its race workers. Every request gets one response. */

/** Load the worker and answer, so start-up cost stays out of the timed race. */
export interface WarmUpRequest {
  kind: 'warm-up';
  id: number;
}

/** Run the serial chain for `iterations` steps. */
export interface SerialRequest {
  kind: 'serial';
  id: number;
  iterations: number;
}

/** Run tasks `firstTask .. firstTask + count - 1`, each for `iterations` steps. */
export interface BatchRequest {
  kind: 'batch';
  id: number;
  firstTask: number;
  count: number;
  iterations: number;
}

/** A message the pool sends to a worker. */
export type RaceRequest = WarmUpRequest | SerialRequest | BatchRequest;

/** A message a worker sends back; `id` echoes the request's. */
export type RaceResponse =
  | { kind: 'ready'; id: number }
  | { kind: 'serial-done'; id: number; result: number }
  | { kind: 'batch-done'; id: number; firstTask: number; results: Uint32Array }
  | { kind: 'error'; id: number; message: string };
