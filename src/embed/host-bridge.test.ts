// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { resolveTargetOrigin } from './host-bridge';
import { fakeWindow, messages, noParams, startBridge } from './testing/fake-host-window';
import { answered } from './testing/fixtures';

describe('the host bridge', () => {
  it('posts ready, the Canvas height and an H5P hello at start, to the parent origin', () => {
    const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
    startBridge(fake, { params: { ...noParams, frame: 'f1' } });
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
    const { onTheme, onNotice } = startBridge(fake, {
      params: { ...noParams, theme: 'dark', notices: ['The frame name was ignored.'] },
    });
    expect(onTheme).toHaveBeenCalledWith('dark');
    expect(onNotice).toHaveBeenCalledWith('The frame name was ignored.');
  });

  it('coalesces height changes to one report per animation frame, and none when unchanged', () => {
    const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
    const { height } = startBridge(fake);
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
    const { height } = startBridge(fake);
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
    const { height, bridge } = startBridge(fake);
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
    const { onTheme, height } = startBridge(fake);
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

  it('posts nothing when not framed, but still reports theme and stays harmless', () => {
    const fake = fakeWindow({ framed: false });
    const { channel, onTheme, bridge, height } = startBridge(fake, {
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
    const { height } = startBridge(fake);
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
    const { bridge, channel, height } = startBridge(fake);
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
