/** Hooks that give a widget its page's shared session store and narrow views of its state. */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { isCudaGpuId } from '../torch';
import { attachBrowserCompute } from './session-compute';
import { currentPageKey, sessionStoreFor, type SessionStoreState } from './session';

/** Options for usePageSession. */
export interface PageSessionOptions {
  /** Catalog GPU id to start with, when this widget is the first on the page. */
  gpu?: unknown;
  /** Lines to run once per session. */
  preset?: { key: string; lines: readonly string[] } | null;
  /** Connect WebGPU compute (false in tests). */
  webgpu?: boolean;
  /** Use this store instead of the page's (tests). */
  store?: StoreApi<SessionStoreState>;
}

/** The page's shared store: created on first use, with WebGPU attached and the preset run. */
export function usePageSession(options: PageSessionOptions = {}): StoreApi<SessionStoreState> {
  const [store] = useState(
    () =>
      options.store ??
      sessionStoreFor(currentPageKey(), isCudaGpuId(options.gpu) ? { gpu: options.gpu } : {}),
  );
  const webgpu = options.webgpu ?? true;
  const presetKey = options.preset?.key;
  const presetLines = options.preset?.lines;
  useEffect(() => {
    if (webgpu) attachBrowserCompute(store);
    else if (store.getState().compute.backend === 'pending')
      store.getState().setCompute(null, { backend: 'cpu', description: 'on the CPU' });
  }, [store, webgpu]);
  useEffect(() => {
    if (presetKey && presetLines) void store.getState().runPreset(presetKey, presetLines);
  }, [store, presetKey, presetLines]);
  return store;
}

/** A slice of the shared state. */
export function useSession<T>(
  store: StoreApi<SessionStoreState>,
  selector: (s: SessionStoreState) => T,
): T {
  return useStore(store, selector);
}
