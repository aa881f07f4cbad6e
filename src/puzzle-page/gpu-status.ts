/**
 * What the puzzles page says about the GPU before anything runs: the adapter the checks will
 * use (and plainly, when it is a software fallback, that timings are of the CPU emulating a
 * GPU), or why nothing can run here.
 */
import { adapterFacts, type GpuContext } from '../gpu';

/** The GPU's status for the page. */
export type GpuStatus =
  | { kind: 'checking' }
  | { kind: 'ready'; adapter: string; fallback: boolean }
  | { kind: 'none'; message: string };

/** The status of an acquisition. */
export function gpuStatusOf(
  acquired: { ok: true; gpu: GpuContext } | { ok: false; message: string },
): GpuStatus {
  if (!acquired.ok) return { kind: 'none', message: acquired.message };
  const facts = adapterFacts(acquired.gpu.adapter);
  return { kind: 'ready', adapter: facts.description, fallback: facts.isFallback };
}

/** The sentence the page shows for a status. */
export function describeGpuStatus(status: GpuStatus): string {
  switch (status.kind) {
    case 'checking':
      return 'Asking the browser for a GPU…';
    case 'ready':
      return status.fallback
        ? `Kernels run on ${status.adapter}, a software fallback: your CPU emulates a GPU, so results are checked for real but timings are of the emulation, not of GPU hardware.`
        : `Kernels run on your GPU: ${status.adapter}.`;
    case 'none':
      return `Nothing can run here: ${status.message} You can still read every puzzle, open its hints and study its reference solution.`;
  }
}
