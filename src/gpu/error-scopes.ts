/**
 * WebGPU reports most mistakes (a bad buffer size, a shader that does not compile, no memory
 * left) as errors on the device rather than exceptions. These helpers catch them in error
 * scopes and turn them into ordinary Errors with a sentence saying what was being attempted.
 */

/** The outcome of work run inside error scopes: its value and any error the GPU reported. */
export interface ScopedResult<T> {
  value: T;
  /** Resolves to an Error describing the first reported problem, or undefined if none. */
  error: Promise<Error | undefined>;
}

/** Turns the popped scopes into one Error (out-of-memory first, it explains more). */
async function firstError(
  action: string,
  validation: Promise<GPUError | null>,
  outOfMemory: Promise<GPUError | null>,
): Promise<Error | undefined> {
  const [invalid, oom] = await Promise.all([
    validation.catch(() => null),
    outOfMemory.catch(() => null),
  ]);
  if (oom) return new Error(`The GPU ran out of memory trying to ${action}: ${oom.message}`);
  if (invalid) return new Error(`WebGPU rejected the attempt to ${action}: ${invalid.message}`);
  return undefined;
}

/**
 * Runs synchronous `work` inside validation and out-of-memory scopes, pushed and popped in
 * the same tick so other code sharing the device cannot interleave with them.
 */
export function scoped<T>(device: GPUDevice, action: string, work: () => T): ScopedResult<T> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let value: T | undefined;
  let failure: { thrown: unknown } | undefined;
  try {
    value = work();
  } catch (thrown) {
    failure = { thrown };
  }
  // Pop even when `work` threw, so the device's scope stack stays balanced.
  const validation = device.popErrorScope();
  const outOfMemory = device.popErrorScope();
  const error = firstError(action, validation, outOfMemory);
  if (failure) throw failure.thrown;
  return { value: value as T, error };
}

/** Like `scoped`, but waits for the scopes and throws the Error if the GPU reported one. */
export async function withErrorScopes<T>(
  device: GPUDevice,
  action: string,
  work: () => T,
): Promise<T> {
  const { value, error } = scoped(device, action, work);
  const problem = await error;
  if (problem) throw problem;
  return value;
}
