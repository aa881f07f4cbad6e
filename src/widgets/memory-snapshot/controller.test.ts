import { describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES } from './limits';
import { SnapshotController, statusOf, type SnapshotDeps, type SnapshotFile } from './controller';
import { exampleBytes } from './testing/example-file';
import { rawBytes } from './testing/pickle-writer';
import { USER_STACK, event, snapshotPickle } from './testing/snapshot-builder';
import {
  InlineSnapshotWorker,
  workerAnalyser,
  type SnapshotAnalyser,
  type SnapshotWorkerLike,
} from './worker/analyser';
import type { AnalyseResponse } from './worker/protocol';

const EXAMPLE = exampleBytes();
const copy = (bytes: Uint8Array) => bytes.slice().buffer;

function controllerWith(overrides: Partial<SnapshotDeps> = {}) {
  const workers: InlineSnapshotWorker[] = [];
  const deps: SnapshotDeps = {
    analyser: workerAnalyser(() => {
      const worker = new InlineSnapshotWorker();
      workers.push(worker);
      return worker;
    }),
    fetchExample: async () => copy(EXAMPLE),
    ...overrides,
  };
  return { controller: new SnapshotController(deps), workers };
}

const file = (name: string, bytes: Uint8Array): SnapshotFile & { reads: number } => {
  const f = {
    name,
    size: bytes.length,
    reads: 0,
    arrayBuffer: async () => (f.reads++, copy(bytes)),
  };
  return f;
};

describe('SnapshotController', () => {
  it('opens the example in a worker, then stops that worker', async () => {
    const { controller, workers } = controllerWith();
    const opening = controller.openExample();
    expect(controller.getState().phase).toBe('loading');
    expect(statusOf(controller.getState())).toBe('running');
    await opening;
    const state = controller.getState();
    expect(state.phase).toBe('done');
    expect(state.source).toEqual({
      kind: 'example',
      name: 'memory-snapshot-example.pickle',
      sizeBytes: EXAMPLE.length,
    });
    expect(state.device).toBe(0);
    expect(state.report?.devices[0]?.timeline?.peakBytes).toBe(747_798_528);
    expect(workers).toHaveLength(1);
    expect(workers[0]?.terminated).toBe(true);
  });

  it('opens a learner’s file and reports progress on the way', async () => {
    const { controller } = controllerWith();
    const seen: Array<number | undefined> = [];
    controller.subscribe((s) => seen.push(s.progress?.fraction));
    const events = Array.from({ length: 4000 }, (_, i) =>
      event('alloc', 4096 * i, 100, i, USER_STACK),
    );
    const f = file('snapshot.pickle', snapshotPickle([], [events]));
    await controller.openFile(f);
    expect(controller.getState().phase).toBe('done');
    expect(controller.getState().source).toMatchObject({ kind: 'file', name: 'snapshot.pickle' });
    expect(seen).toContain(0.9);
  });

  it('refuses a file over the limit without reading it', async () => {
    const { controller } = controllerWith();
    const huge = { name: 'big.pickle', size: MAX_FILE_BYTES + 1, arrayBuffer: vi.fn() };
    await controller.openFile(huge);
    expect(huge.arrayBuffer).not.toHaveBeenCalled();
    expect(controller.getState().problem?.kind).toBe('too-large');
    expect(statusOf(controller.getState())).toBe('error');
  });

  it('shows a bad file’s problem and drops the earlier report', async () => {
    const { controller } = controllerWith();
    await controller.openExample();
    await controller.openFile(file('evil.pickle', rawBytes(0x80, 4, 'cos\nsystem\n.')));
    const state = controller.getState();
    expect(state.phase).toBe('failed');
    expect(state.report).toBeNull();
    expect(state.problem?.kind).toBe('refused');
  });

  it('cancels a running analysis: the worker stops and nothing is kept', async () => {
    const held: SnapshotWorkerLike & { terminated: boolean } = {
      onmessage: null,
      onerror: null,
      terminated: false,
      postMessage() {}, // never answers: still "working" when the learner cancels
      terminate() {
        this.terminated = true;
      },
    };
    const { controller } = controllerWith({ analyser: workerAnalyser(() => held) });
    const opening = controller.openExample();
    await vi.waitFor(() => expect(controller.getState().progress).not.toBeNull());
    controller.cancel();
    await opening;
    expect(held.terminated).toBe(true);
    expect(controller.getState().problem?.kind).toBe('cancelled');
    expect(controller.getState().report).toBeNull();
    expect(statusOf(controller.getState())).toBe('idle');
  });

  it('keeps only the newest file when a second one is opened during the first', async () => {
    let release: (b: ArrayBuffer) => void = () => {};
    const slow = new Promise<ArrayBuffer>((resolve) => (release = resolve));
    const { controller } = controllerWith({ fetchExample: () => slow });
    const first = controller.openExample();
    await controller.openFile(file('mine.pickle', snapshotPickle([], [[event('alloc', 1, 5)]])));
    release(copy(EXAMPLE));
    await first;
    expect(controller.getState().source?.name).toBe('mine.pickle');
    expect(controller.getState().report?.devices[0]?.timeline?.peakBytes).toBe(5);
  });

  it('says when the example cannot be fetched', async () => {
    const { controller } = controllerWith({
      fetchExample: () => Promise.reject(new Error('the server answered 404')),
    });
    await controller.openExample();
    expect(controller.getState().problem?.message).toBe(
      'The example could not be loaded: the server answered 404.',
    );
  });

  it('turns a crashed worker into a clear problem', async () => {
    const crashing: SnapshotWorkerLike = {
      onmessage: null,
      onerror: null,
      terminate: vi.fn(),
      postMessage() {
        setTimeout(() => this.onerror?.({ message: 'out of memory' } as ErrorEvent), 0);
      },
    };
    const { controller } = controllerWith({ analyser: workerAnalyser(() => crashing) });
    await controller.openExample();
    expect(controller.getState().problem).toEqual({
      kind: 'read-failed',
      message: 'The page could not analyse the file: out of memory.',
    });
    expect(crashing.terminate).toHaveBeenCalled();
  });

  it('ignores answers meant for another request', async () => {
    const posted: AnalyseResponse[] = [];
    const analyser: SnapshotAnalyser = workerAnalyser(() => ({
      onmessage: null,
      onerror: null,
      terminate() {},
      postMessage(request) {
        const stray: AnalyseResponse = {
          kind: 'failed',
          id: request.id + 1,
          problem: { kind: 'malformed', message: 'x' },
        };
        posted.push(stray);
        setTimeout(() => {
          this.onmessage?.({ data: stray } as MessageEvent<AnalyseResponse>);
          this.onmessage?.({
            data: { kind: 'failed', id: request.id, problem: { kind: 'empty', message: 'e' } },
          } as MessageEvent<AnalyseResponse>);
        }, 0);
      },
    }));
    const { controller } = controllerWith({ analyser });
    await controller.openExample();
    expect(posted).toHaveLength(1);
    expect(controller.getState().problem?.kind).toBe('empty');
  });
});
