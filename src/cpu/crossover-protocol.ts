/** Messages between the crossover plot's CPU pool and its workers. Every request gets one response. */

/** The two operations the crossover plot sweeps. */
export type CrossoverOp = 'relu' | 'matmul';

/** Keep this slice of a ReLU input for the runs that follow (untimed). */
export interface LoadReluRequest {
  kind: 'load-relu';
  id: number;
  input: Float32Array<ArrayBuffer>;
}

/** Keep `rows` rows of A (rows × n) and all of B (n × n) for the runs that follow (untimed). */
export interface LoadMatmulRequest {
  kind: 'load-matmul';
  id: number;
  n: number;
  rows: number;
  a: Float32Array<ArrayBuffer>;
  b: Float32Array<ArrayBuffer>;
}

/** Compute on the loaded data and send the output back. */
export interface RunRequest {
  kind: 'run';
  id: number;
}

/** A message the pool sends to a crossover worker. */
export type CrossoverRequest = LoadReluRequest | LoadMatmulRequest | RunRequest;

/** A message a worker sends back; `id` echoes the request's. */
export type CrossoverResponse =
  | { kind: 'loaded'; id: number }
  | { kind: 'ran'; id: number; output: Float32Array<ArrayBuffer> }
  | { kind: 'error'; id: number; message: string };
