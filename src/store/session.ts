/**
 * The zustand store that holds a page's shared console session. The PyTorch console and the
 * transfer simulator both read it (snapshot, transcript) and write it (run a line, pick the
 * GPU or the link), so a tensor moved in one shows up in the other. Lines run one at a time in
 * order, whoever sends them.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { getGpu, type GpuId, type LinkId } from '../engine/catalog';
import {
  isCudaGpuId,
  runLine,
  snapshotSession,
  TorchSession,
  type SessionSnapshot,
  type TensorCompute,
  type TransferRecord,
  type KernelLaunch,
} from '../torch';

/** Who sent a line. */
export type EntryOrigin = 'console' | 'transfer' | 'preset' | 'note';

/** One line in the shared transcript. */
export interface TranscriptEntry {
  id: number;
  origin: EntryOrigin;
  source: string;
  output: string[];
  error: { display: string; hint: string | null } | null;
  transfers: TransferRecord[];
  /** CUDA kernels the line launched, modeled and (where computed on WebGPU) measured. */
  launches: KernelLaunch[];
}

/** How the values of CUDA tensors are computed, for the interface. */
export interface ComputeInfo {
  backend: 'webgpu' | 'cpu' | 'pending';
  description: string;
}

/** The GPU and link asked for last: the session has them, or will once its restart is done. */
export interface SessionTarget {
  gpu: GpuId;
  link: LinkId;
}

/** The shared session and what the views need from it. */
export interface SessionStoreState {
  session: TorchSession;
  /** The GPU and link asked for last (set at once, before a restart finishes). */
  target: SessionTarget;
  snapshot: SessionSnapshot;
  transcript: TranscriptEntry[];
  /** Lines waiting or running. */
  pending: number;
  compute: ComputeInfo;
  /** Runs a line after any queued ones; resolves with its transcript entry. */
  run(source: string, origin: EntryOrigin): Promise<TranscriptEntry>;
  /** Runs a preset's lines once per session (a second widget asking again is a no-op). */
  runPreset(key: string, lines: readonly string[]): Promise<void>;
  /**
   * Starts a new session on another catalog GPU, re-running the presets that had run; copies
   * cross `link` (default: the GPU's own).
   */
  setGpu(gpu: GpuId, link?: LinkId): Promise<void>;
  /** Changes the host link copies cross from now on. */
  setLink(link: LinkId): void;
  /** Gives CUDA tensor arithmetic a real backend (or none). */
  setCompute(compute: TensorCompute | null, info: ComputeInfo): void;
}

/** Most transcript entries kept. */
export const MAX_TRANSCRIPT = 200;

/** Creates a store around a new session. */
export function createSessionStore(options: { gpu?: GpuId } = {}): StoreApi<SessionStoreState> {
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  const ranPresets = new Map<string, readonly string[]>();

  const enqueue = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  return createStore<SessionStoreState>()((set, get) => {
    const session = new TorchSession({ gpu: options.gpu });
    const append = (entry: TranscriptEntry) =>
      set((s) => ({
        transcript: [...s.transcript, entry].slice(-MAX_TRANSCRIPT),
        snapshot: snapshotSession(s.session),
      }));
    const execute = async (source: string, origin: EntryOrigin): Promise<TranscriptEntry> => {
      const result = await runLine(get().session, source);
      const entry: TranscriptEntry = {
        id: nextId++,
        origin,
        source,
        output: result.output,
        error: result.error
          ? { display: result.error.display, hint: result.error.hint ?? null }
          : null,
        transfers: result.transfers,
        launches: result.launches,
      };
      append(entry);
      return entry;
    };
    const tracked = <T>(task: () => Promise<T>): Promise<T> => {
      set((s) => ({ pending: s.pending + 1 }));
      return enqueue(task).finally(() => set((s) => ({ pending: s.pending - 1 })));
    };
    return {
      session,
      target: { gpu: session.gpu.id, link: session.link },
      snapshot: snapshotSession(session),
      transcript: [],
      pending: 0,
      compute: { backend: 'pending', description: 'Looking for WebGPU…' },
      run: (source, origin) => tracked(() => execute(source, origin)),
      runPreset: (key, lines) => {
        if (ranPresets.has(key)) return Promise.resolve();
        ranPresets.set(key, lines);
        return tracked(async () => {
          for (const line of lines) await execute(line, 'preset');
        });
      },
      setGpu: (gpu, link) => {
        if (isCudaGpuId(gpu)) set({ target: { gpu, link: link ?? getGpu(gpu).hostLink } });
        return tracked(async () => {
          const old = get().session;
          // A link picked while this restart waited is the target's: the new session takes it.
          const { target } = get();
          const fresh = new TorchSession({
            gpu,
            link: target.gpu === gpu ? target.link : undefined,
            compute: old.compute,
          });
          set({ session: fresh, snapshot: snapshotSession(fresh) });
          append({
            id: nextId++,
            origin: 'note',
            source: `Restarted: the simulated GPU is now ${fresh.gpu.name}.`,
            output: [],
            error: null,
            transfers: [],
            launches: [],
          });
          for (const lines of ranPresets.values())
            for (const line of lines) await execute(line, 'preset');
        });
      },
      setLink: (link) => {
        get().session.link = link;
        set((s) => ({ target: { ...s.target, link }, snapshot: snapshotSession(s.session) }));
      },
      setCompute: (compute, info) => {
        get().session.compute = compute;
        set({ compute: info });
      },
    };
  });
}

const stores = new Map<string, StoreApi<SessionStoreState>>();

/** The page a widget is on: the lesson part of the URL hash (sections share the page's session). */
export function currentPageKey(): string {
  if (typeof location === 'undefined') return 'page';
  const match = /^#\/lesson\/([a-z0-9-]+)/.exec(location.hash);
  return match ? `lesson:${match[1]}` : location.hash || 'page';
}

/** The shared store of page `key`, created on first use (with `gpu` when it is new). */
export function sessionStoreFor(
  key: string,
  options: { gpu?: GpuId } = {},
): StoreApi<SessionStoreState> {
  let store = stores.get(key);
  if (!store) {
    store = createSessionStore(options);
    stores.set(key, store);
  }
  return store;
}

/** Forgets every page's store (tests). */
export function resetSessionStores(): void {
  stores.clear();
}
