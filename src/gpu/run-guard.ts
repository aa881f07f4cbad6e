/**
 * Stops a GPU run from waiting forever: every wait ends early, with an exception, when the
 * caller aborts or the device is lost. GPU work already submitted still finishes on the GPU.
 */
import type { GpuContext, GpuLossInfo } from './device';

/** Waits on a GPU promise; a run guard's `wait`, so loss and abort end the wait early. */
export type GuardedWait = <T>(promise: Promise<T>) => Promise<T>;

/** Waits on GPU promises while watching for abort and device loss. */
export interface RunGuard {
  /** Resolves like `promise`, or rejects as soon as the run is aborted or the device lost. */
  wait<T>(promise: Promise<T>): Promise<T>;
  /** Throws if the run has been aborted or the device lost. */
  check(): void;
  /** Removes the abort listener; call when the run ends. */
  dispose(): void;
}

/** The Error a run throws when its device is lost mid-way. */
export function deviceLostError(info: GpuLossInfo | undefined): Error {
  const detail = info ? ` (${info.reason}${info.message ? `: ${info.message}` : ''})` : '';
  return new Error(`The GPU device was lost during the run${detail}. Try again to get a new one.`);
}

/** Builds a guard for one run on `gpu`, optionally cancelled by `signal`. */
export function guardRun(gpu: Pick<GpuContext, 'lost' | 'isLost'>, signal?: AbortSignal): RunGuard {
  let lossInfo: GpuLossInfo | undefined;
  let stop: (reason: unknown) => void = () => {};
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => {}); // observed through wait(); never an unhandled rejection
  const onAbort = (): void => stop(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  void gpu.lost.then((info) => {
    lossInfo = info;
    stop(deviceLostError(info));
  });
  return {
    wait: (promise) => Promise.race([promise, stopped]),
    check() {
      signal?.throwIfAborted();
      if (gpu.isLost()) throw deviceLostError(lossInfo);
    },
    dispose: () => signal?.removeEventListener('abort', onAbort),
  };
}
