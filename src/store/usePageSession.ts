/**
 * Hooks that give a widget its page's shared session store, narrow views of its state, and keep
 * a widget's settings for the shared GPU and link in step with it.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { isCudaGpuId } from '../torch';
import { browserUrlEnv, readHashParams } from '../state/url-sync';
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

/** Shared values a widget mirrors (`{ gpu: 'h100-sxm' }`), all strings so they compare simply. */
export type SharedValues = Readonly<Record<string, string>>;

/** What useSessionSync needs from a widget. */
export interface SessionSyncOptions<V extends SharedValues> {
  /** The widget's own settings for the shared values (its state hook's). */
  wanted: V;
  /** The same values in the store (its `target`, which changes at once, before a restart). */
  read(state: SessionStoreState): V;
  /** The page's link set these values for this widget: at mount they go to the store. */
  fromLink: boolean;
  /** Puts the widget's values into the store; called only when they differ from it. */
  apply(wanted: V, state: SessionStoreState): void;
  /** Takes the store's values into the widget's settings; called only when they differ. */
  follow(current: V): void;
}

function keyOf(values: SharedValues): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${k}=${values[k] ?? ''}`)
    .join('&');
}

/** Whether the page's link names any of `keys` under `prefix` (`transfer.gpu=…`). */
export function linkNames(prefix: string, keys: readonly string[]): boolean {
  const params = readHashParams(browserUrlEnv.readHash()).params;
  return keys.some((key) => params.has(`${prefix}.${key}`));
}

/**
 * Keeps a widget's settings for values the page's widgets share (the GPU, the link) in step
 * with the store, both ways and only on real differences: a widget's own change goes to the
 * store; a change in the store (another widget's picker) comes into the widget's settings. At
 * mount the link's values win when it set them; otherwise the widget takes the store's.
 */
export function useSessionSync<V extends SharedValues>(
  store: StoreApi<SessionStoreState>,
  options: SessionSyncOptions<V>,
): void {
  const currentKey = useStore(store, (s) => keyOf(options.read(s)));
  const wantedKey = keyOf(options.wanted);
  const latest = useRef(options);
  const started = useRef(false);
  useEffect(() => {
    latest.current = options;
  });
  // The store changed: the widget follows (not at mount when its link set the values).
  useEffect(() => {
    const o = latest.current;
    if (!started.current && o.fromLink) return;
    const current = o.read(store.getState());
    if (keyOf(current) !== keyOf(o.wanted)) o.follow(current);
  }, [store, currentKey]);
  // The widget's settings changed: the store follows (at mount only when the link set them).
  useEffect(() => {
    const o = latest.current;
    const first = !started.current;
    started.current = true;
    if (first && !o.fromLink) return;
    const state = store.getState();
    if (keyOf(o.read(state)) !== wantedKey) o.apply(o.wanted, state);
  }, [store, wantedKey]);
}
