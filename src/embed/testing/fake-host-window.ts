/** A fake window for the host bridge's tests, and the bridge started in it. */
import { vi } from 'vitest';
import { defaultEmbedParams, type EmbedParams } from '../embed-params';
import { startHostBridge, type HostBridgeOptions } from '../host-bridge';
import { createLearningChannel } from '../learning-events';

/** How the fake window is framed and what it offers. */
export interface FakeOptions {
  framed?: boolean;
  ancestorOrigins?: string[];
  referrer?: string;
  search?: string;
  noResizeObserver?: boolean;
}

/** A window with a spying parent, hand-driven animation frames and resize observers. */
export function fakeWindow(options: FakeOptions = {}) {
  const events = new EventTarget();
  const listeners = new Map<string, number>();
  const posts: { message: unknown; origin: string }[] = [];
  const parent = {
    postMessage: (message: unknown, origin: string) => posts.push({ message, origin }),
  };
  let frames = new Map<number, () => void>();
  let nextFrame = 1;
  let timers = new Map<number, () => void>();
  let nextTimer = 1;
  const observers: { callback: () => void; observed: Element[]; disconnected: boolean }[] = [];
  class FakeResizeObserver {
    entry: (typeof observers)[number];
    constructor(callback: () => void) {
      this.entry = { callback, observed: [], disconnected: false };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.observed.push(element);
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const win: Record<string, unknown> = {
    addEventListener(type: string, listener: EventListener) {
      listeners.set(type, (listeners.get(type) ?? 0) + 1);
      events.addEventListener(type, listener);
    },
    removeEventListener(type: string, listener: EventListener) {
      listeners.set(type, (listeners.get(type) ?? 0) - 1);
      events.removeEventListener(type, listener);
    },
    location: {
      origin: 'https://lab.example',
      pathname: '/course/',
      search: options.search ?? '',
      ancestorOrigins: options.ancestorOrigins ?? [],
    },
    document: {
      referrer: options.referrer ?? '',
      documentElement: { clientHeight: 150 },
      fonts: { ready: new Promise(() => {}) },
    },
    requestAnimationFrame(run: () => void) {
      frames.set(nextFrame, run);
      return nextFrame++;
    },
    cancelAnimationFrame(handle: number) {
      frames.delete(handle);
    },
    setTimeout(run: () => void) {
      timers.set(nextTimer, run);
      return nextTimer++;
    },
    clearTimeout(handle: number) {
      timers.delete(handle);
    },
    ResizeObserver: options.noResizeObserver ? undefined : FakeResizeObserver,
    crypto: globalThis.crypto,
    fetch: () => Promise.reject(new Error('no network in this test')),
  };
  win.parent = options.framed === false ? win : parent;
  return {
    win: win as unknown as Window,
    parent,
    posts,
    listeners,
    observers,
    pendingFrames: () => frames.size,
    pendingTimers: () => timers.size,
    /** Runs the timers due now (the fallback for frames that do not come). */
    runTimers() {
      const due = timers;
      timers = new Map();
      for (const run of due.values()) run();
    },
    runFrames() {
      const due = frames;
      frames = new Map();
      for (const run of due.values()) run();
    },
    /** Delivers a message event as if posted by `source`. */
    receive(data: unknown, source: unknown = parent, origin = 'https://host.example') {
      const event = new MessageEvent('message', { data, origin });
      Object.defineProperty(event, 'source', { value: source });
      events.dispatchEvent(event);
    },
    fire(type: string) {
      events.dispatchEvent(new Event(type));
    },
  };
}

/** Embed parameters with nothing set. */
export const noParams: EmbedParams = defaultEmbedParams();

/** An element whose scrollHeight reads `height.value`. */
function measured(height: { value: number }) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'scrollHeight', { get: () => height.value });
  return element;
}

/**
 * Starts the bridge for a quiz in `fake`, with a fixed clock and counted ids; returns it, the
 * measured height to change, the learning channel and the theme and notice spies.
 */
export function startBridge(
  fake: ReturnType<typeof fakeWindow>,
  overrides: Partial<HostBridgeOptions> = {},
) {
  const height = { value: 400 };
  const channel = createLearningChannel();
  const onTheme = vi.fn();
  const onNotice = vi.fn();
  let n = 0;
  const bridge = startHostBridge({
    target: { kind: 'quiz', id: 'q1', lessonSlug: 'roofline' },
    params: noParams,
    measure: measured(height),
    onTheme,
    onNotice,
    win: fake.win,
    channel,
    now: () => new Date('2026-03-04T05:06:07.000Z'),
    uuid: () => `id-${n++}`,
    ...overrides,
  });
  return { bridge, height, channel, onTheme, onNotice };
}

/** The messages posted to the parent, in order. */
export const messages = (fake: ReturnType<typeof fakeWindow>) => fake.posts.map((p) => p.message);
