/**
 * The CPU side of the crossover plot's two operations, in plain JavaScript: what each worker
 * runs on its slice. Pure, so tests call them directly.
 */

/** y = max(x, 0) over `input`, into a new array (+0 for every x that is not positive). */
export function reluSlice(input: Float32Array): Float32Array<ArrayBuffer> {
  const output = new Float32Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const x = input[i] as number;
    output[i] = x > 0 ? x : 0;
  }
  return output;
}

/**
 * `rows` rows of C = A·B for square n × n matrices, given those rows of A and all of B, in the
 * cache-friendly i-k-j order (a row of B streams past each element of A's row).
 */
export function matmulRows(
  a: Float32Array,
  b: Float32Array,
  rows: number,
  n: number,
): Float32Array<ArrayBuffer> {
  if (a.length !== rows * n || b.length !== n * n) {
    throw new RangeError(`matmulRows needs ${rows * n} values of A and ${n * n} of B`);
  }
  const c = new Float32Array(rows * n);
  for (let i = 0; i < rows; i++) {
    const cRow = i * n;
    for (let k = 0; k < n; k++) {
      const aik = a[i * n + k] as number;
      const bRow = k * n;
      for (let j = 0; j < n; j++) {
        c[cRow + j] = (c[cRow + j] as number) + aik * (b[bRow + j] as number);
      }
    }
  }
  return c;
}
