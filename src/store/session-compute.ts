/**
 * Connects a session store to WebGPU in the browser: once per store, asks for the page's shared
 * GPU and, when there is one, lets small CUDA tensors be computed on it. Without WebGPU the
 * values are computed on the CPU and the interface says so.
 */
import type { StoreApi } from 'zustand/vanilla';
import { withSharedGpu } from '../gpu';
import { createWebGpuCompute } from './webgpu-tensor-compute';
import type { SessionStoreState } from './session';

const attached = new WeakSet<StoreApi<SessionStoreState>>();

/** Attaches WebGPU compute to `store` (once); never throws. */
export function attachBrowserCompute(store: StoreApi<SessionStoreState>): void {
  if (attached.has(store)) return;
  attached.add(store);
  const shared = withSharedGpu({}, ({ gpu }) => ({ ok: true, compute: createWebGpuCompute(gpu) }));
  void shared.then(
    (acquired) => {
      if (!acquired.ok) {
        store.getState().setCompute(null, {
          backend: 'cpu',
          description: `on the CPU (${acquired.message.split('. ')[0]}.)`,
        });
        return;
      }
      const { compute } = acquired;
      store
        .getState()
        .setCompute(compute, { backend: 'webgpu', description: `with ${compute.description}` });
    },
    () => store.getState().setCompute(null, { backend: 'cpu', description: 'on the CPU' }),
  );
}
