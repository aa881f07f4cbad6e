// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { EmbedParams } from './embed-params';
import { resolveTargetOrigin, startHostBridge, type HostBridgeOptions } from './host-bridge';
import { createLearningChannel, type LearningEvent } from './learning-events';

interface FakeOptions {
  framed?: boolean;
  ancestorOrigins?: string[];
  referrer?: string;
  search?: string;
  noResizeObserver?: boolean;
}

/** A window with a spying parent, hand-driven animation frames and resize observers. */
function fakeWindow(options: FakeOptions = {}) {
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

const noParams: EmbedParams = { theme: null, frame: null, actor: null, mastery: null, notices: [] };
const ACTOR = { mbox: 'mailto:ada@example.org' };

function measured(height: { value: number }) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'scrollHeight', { get: () => height.value });
  return element;
}

function start(fake: ReturnType<typeof fakeWindow>, overrides: Partial<HostBridgeOptions> = {}) {
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

const messages = (fake: ReturnType<typeof fakeWindow>) => fake.posts.map((p) => p.message);

const answered: LearningEvent = {
  kind: 'answered',
  questionId: 'q1',
  question: 'Which bound?',
  questionKind: 'single',
  interactionType: 'choice',
  response: 'memory',
  correct: true,
};

describe('the host bridge', () => {
  it('posts ready, the Canvas height and an H5P hello at start, to the parent origin', () => {
    const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
    start(fake, { params: { ...noParams, frame: 'f1' } });
    expect(fake.posts).toEqual([
      {
        message: {
          type: 'gpulab:ready',
          version: 1,
          frame: 'f1',
          embed: { kind: 'quiz', id: 'q1' },
          height: 400,
        },
        origin: 'https://host.example',
      },
      { message: { subject: 'lti.frameResize', height: 400 }, origin: 'https://host.example' },
      { message: { context: 'h5p', action: 'hello' }, origin: 'https://host.example' },
    ]);
  });

  it('reports theme and notices from the link at start', () => {
    const fake = fakeWindow();
    const { onTheme, onNotice } = start(fake, {
      params: { ...noParams, theme: 'dark', notices: ['The frame name was ignored.'] },
    });
    expect(onTheme).toHaveBeenCalledWith('dark');
    expect(onNotice).toHaveBeenCalledWith('The frame name was ignored.');
  });

  it('coalesces height changes to one report per animation frame, and none when unchanged', () => {
    const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
    const { height } = start(fake);
    const observer = fake.observers[0];
    expect(observer?.observed).toHaveLength(1);
    fake.posts.length = 0;
    height.value = 512.4;
    observer?.callback();
    observer?.callback();
    fake.fire('load');
    expect(fake.pendingFrames()).toBe(1);
    fake.runFrames();
    expect(messages(fake)).toEqual([
      { type: 'gpulab:resize', version: 1, frame: null, height: 513 },
      { subject: 'lti.frameResize', height: 513 },
    ]);
    fake.posts.length = 0;
    observer?.callback();
    fake.runFrames();
    expect(fake.posts).toEqual([]);
  });

  it('still reports the height when no animation frame comes (an off-screen cross-origin frame)', () => {
    const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
    const { height } = start(fake);
    fake.posts.length = 0;
    height.value = 1020;
    fake.observers[0]?.callback();
    expect(fake.pendingTimers()).toBe(1);
    fake.runTimers(); // frames are paused: the timer measures instead
    expect(messages(fake)).toEqual([
      { type: 'gpulab:resize', version: 1, frame: null, height: 1020 },
      { subject: 'lti.frameResize', height: 1020 },
    ]);
    // Whichever comes first measures once; the other is cancelled.
    expect(fake.pendingFrames()).toBe(0);
    fake.posts.length = 0;
    height.value = 1100;
    fake.observers[0]?.callback();
    fake.runFrames();
    expect(fake.pendingTimers()).toBe(0);
    expect(messages(fake)).toHaveLength(2);
  });

  it('runs the H5P handshake: prepareResize after the parent says hello, resize after resizePrepared', () => {
    const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
    const { height, bridge } = start(fake);
    fake.posts.length = 0;
    fake.receive({ context: 'h5p', action: 'hello' });
    fake.receive({ context: 'h5p', action: 'resizePrepared' });
    height.value = 600;
    bridge.reportHeight();
    fake.runFrames();
    expect(messages(fake)).toEqual([
      { context: 'h5p', action: 'prepareResize', scrollHeight: 400, clientHeight: 150 },
      { context: 'h5p', action: 'resize', scrollHeight: 400 },
      { type: 'gpulab:resize', version: 1, frame: null, height: 600 },
      { subject: 'lti.frameResize', height: 600 },
      { context: 'h5p', action: 'prepareResize', scrollHeight: 600, clientHeight: 150 },
    ]);
  });

  it('acts on configure and request-height from the parent only', () => {
    const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
    const { onTheme, height } = start(fake);
    fake.posts.length = 0;
    fake.receive({ type: 'gpulab:configure', version: 1, theme: 'light' }, {});
    fake.receive({ type: 'gpulab:configure', version: 1, theme: 'light' }, fake.win);
    fake.receive({ type: 'gpulab:configure', version: 1, theme: 'light' }, null);
    fake.receive(
      { type: 'gpulab:configure', version: 1, theme: 'light' },
      fake.parent,
      'https://evil.example',
    );
    fake.receive({ type: 'gpulab:configure', version: 1, theme: 'light', x: 1 });
    fake.receive('{"type":"gpulab:request-height","version":1}');
    expect(onTheme).not.toHaveBeenCalled();
    expect(fake.posts).toEqual([]);
    fake.receive({ type: 'gpulab:configure', version: 1, theme: 'dark' });
    expect(onTheme).toHaveBeenCalledWith('dark');
    height.value = 250;
    fake.receive({ type: 'gpulab:request-height', version: 1 });
    fake.receive({ type: 'gpulab:request-height', version: 1 });
    expect(messages(fake)).toEqual([
      { type: 'gpulab:resize', version: 1, frame: null, height: 250 },
      { subject: 'lti.frameResize', height: 250 },
      { type: 'gpulab:resize', version: 1, frame: null, height: 250 },
    ]);
  });

  it('posts one statement message per learning event, with the actor when the origin is known', () => {
    const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
    const { channel } = start(fake, { params: { ...noParams, frame: 'f', actor: ACTOR } });
    fake.posts.length = 0;
    channel.publish(answered);
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]?.origin).toBe('https://host.example');
    expect(fake.posts[0]?.message).toMatchObject({
      type: 'gpulab:statement',
      version: 1,
      frame: 'f',
      statement: {
        id: 'id-0',
        timestamp: '2026-03-04T05:06:07.000Z',
        actor: ACTOR,
        verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
        object: { id: 'https://lab.example/course/#/embed/quiz/q1' },
      },
    });
  });

  it('takes the actor from a configure message', () => {
    const fake = fakeWindow({ referrer: 'https://host.example/page?x=1' });
    const { channel } = start(fake);
    fake.receive({ type: 'gpulab:configure', version: 1, actor: ACTOR });
    fake.posts.length = 0;
    channel.publish(answered);
    expect(fake.posts[0]?.origin).toBe('https://host.example');
    expect(fake.posts[0]?.message).toMatchObject({ statement: { actor: ACTOR } });
  });

  it("posts to '*' without the actor when the parent's origin is unknown", () => {
    const fake = fakeWindow();
    const { channel } = start(fake, { params: { ...noParams, actor: ACTOR } });
    fake.posts.length = 0;
    channel.publish(answered);
    expect(fake.posts[0]?.origin).toBe('*');
    const message = fake.posts[0]?.message as { statement: Record<string, unknown> };
    expect('actor' in message.statement).toBe(false);
    expect(message.statement.verb).toBeDefined();
  });

  it('posts nothing when not framed, but still reports theme and stays harmless', () => {
    const fake = fakeWindow({ framed: false });
    const { channel, onTheme, bridge, height } = start(fake, {
      params: { ...noParams, theme: 'light' },
    });
    channel.publish(answered);
    height.value = 10;
    bridge.reportHeight();
    fake.runFrames();
    fake.receive({ type: 'gpulab:request-height', version: 1 }, fake.win);
    expect(fake.posts).toEqual([]);
    expect(onTheme).toHaveBeenCalledWith('light');
    expect(() => bridge.stop()).not.toThrow();
  });

  it('works without ResizeObserver (height on load and on request)', () => {
    const fake = fakeWindow({ noResizeObserver: true, ancestorOrigins: ['https://host.example'] });
    const { height } = start(fake);
    fake.posts.length = 0;
    height.value = 90;
    fake.fire('load');
    fake.runFrames();
    expect(messages(fake)[0]).toEqual({
      type: 'gpulab:resize',
      version: 1,
      frame: null,
      height: 90,
    });
  });

  it('removes every listener, observer and subscription on stop', () => {
    const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
    const { bridge, channel, height } = start(fake);
    height.value = 700;
    bridge.reportHeight();
    expect(fake.pendingFrames()).toBe(1);
    bridge.stop();
    bridge.stop();
    expect(fake.pendingFrames()).toBe(0);
    expect(fake.pendingTimers()).toBe(0);
    expect(fake.observers[0]?.disconnected).toBe(true);
    expect([...fake.listeners.values()].every((count) => count === 0)).toBe(true);
    fake.posts.length = 0;
    channel.publish(answered);
    fake.receive({ type: 'gpulab:request-height', version: 1 });
    bridge.reportHeight();
    fake.runFrames();
    expect(fake.posts).toEqual([]);
  });

  it('runs a cmi5 session when launched by an LMS, and terminates it on pagehide', async () => {
    const query = new URLSearchParams({
      endpoint: 'https://lrs.example/xapi/',
      fetch: 'https://lms.example/token',
      actor: JSON.stringify({ account: { homePage: 'https://lms.example', name: 'u1' } }),
      registration: 'd4a9c8b2-1f3e-4c5d-9a8b-7c6d5e4f3a2b',
      activityId: 'https://lms.example/au/1',
    });
    const fake = fakeWindow({
      search: `?${query.toString()}`,
      ancestorOrigins: ['https://lms.example'],
    });
    const calls: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown[]) : [];
      const verbs = body.map(
        (s) => (s as { verb: { display: Record<string, string> } }).verb.display['en-US'],
      );
      calls.push(
        `${init?.method ?? 'GET'} ${String(input).split('?')[0]} ${verbs.join(',')}`.trim(),
      );
      const json = String(input).includes('token') ? { 'auth-token': 'abc' } : {};
      return new Response(JSON.stringify(json), { status: 200 });
    }) as typeof fetch;
    const { channel, onNotice } = start(fake, { fetchImpl });
    channel.publish(answered);
    fake.fire('pagehide');
    await vi.waitFor(() => expect(calls).toHaveLength(5));
    expect(calls).toEqual([
      'POST https://lms.example/token',
      'GET https://lrs.example/xapi/activities/state',
      'POST https://lrs.example/xapi/statements initialized',
      'POST https://lrs.example/xapi/statements answered,completed',
      'POST https://lrs.example/xapi/statements terminated',
    ]);
    expect(onNotice).not.toHaveBeenCalled();
    // The learner from the launch is posted to the parent too (its origin is known).
    const statement = fake.posts.find(
      (p) => (p.message as { type?: string }).type === 'gpulab:statement',
    );
    expect(statement?.message).toMatchObject({ statement: { actor: { account: { name: 'u1' } } } });
  });

  it('shows a notice for an incomplete cmi5 launch and sends nothing', () => {
    const fetchImpl = vi.fn();
    const fake = fakeWindow({ search: '?endpoint=https://lrs.example/' });
    const { onNotice } = start(fake, { fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(onNotice).toHaveBeenCalledWith(expect.stringMatching(/cmi5 launch was ignored/));
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('resolveTargetOrigin', () => {
  it('prefers ancestorOrigins, then the referrer, then *', () => {
    expect(
      resolveTargetOrigin(
        fakeWindow({ ancestorOrigins: ['https://a.example'], referrer: 'https://b.example/' }).win,
      ),
    ).toBe('https://a.example');
    expect(resolveTargetOrigin(fakeWindow({ referrer: 'https://b.example/x' }).win)).toBe(
      'https://b.example',
    );
    expect(resolveTargetOrigin(fakeWindow({ ancestorOrigins: ['null'] }).win)).toBe('*');
    expect(resolveTargetOrigin(fakeWindow({ referrer: 'not a url' }).win)).toBe('*');
    expect(resolveTargetOrigin(fakeWindow().win)).toBe('*');
  });
});
