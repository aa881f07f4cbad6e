import { describe, expect, it } from 'vitest';
import {
  canvasResizeMessage,
  parseIncoming,
  readyMessage,
  resizeMessage,
  statementMessage,
} from './messages';
import type { XapiStatement } from './xapi';

describe('outgoing messages', () => {
  it('have the documented shapes with whole-pixel heights', () => {
    expect(readyMessage('f1', { kind: 'widget', id: 'race' }, 480.2)).toEqual({
      type: 'gpulab:ready',
      version: 1,
      frame: 'f1',
      embed: { kind: 'widget', id: 'race' },
      height: 481,
    });
    expect(resizeMessage(null, 300)).toEqual({
      type: 'gpulab:resize',
      version: 1,
      frame: null,
      height: 300,
    });
    expect(canvasResizeMessage(12.01)).toEqual({ subject: 'lti.frameResize', height: 13 });
    expect(resizeMessage(null, Number.NaN).height).toBe(0);
    expect(resizeMessage(null, -5).height).toBe(0);
    const statement = { id: 'x' } as unknown as XapiStatement;
    expect(statementMessage('f', statement)).toEqual({
      type: 'gpulab:statement',
      version: 1,
      frame: 'f',
      statement,
    });
  });
});

describe('parseIncoming', () => {
  const agent = { mbox: 'mailto:ada@example.org' };

  it('accepts every documented shape', () => {
    expect(parseIncoming({ type: 'gpulab:configure', version: 1 })).toEqual({
      type: 'configure',
      theme: null,
      actor: null,
    });
    expect(
      parseIncoming({ type: 'gpulab:configure', version: 1, theme: 'dark', actor: agent }),
    ).toEqual({ type: 'configure', theme: 'dark', actor: agent });
    expect(parseIncoming({ type: 'gpulab:configure', version: 1, theme: 'light' })).toMatchObject({
      theme: 'light',
    });
    expect(parseIncoming({ type: 'gpulab:request-height', version: 1 })).toEqual({
      type: 'request-height',
    });
    for (const action of ['hello', 'ready', 'resizePrepared', 'resize'] as const) {
      expect(parseIncoming({ context: 'h5p', action })).toEqual({ type: 'h5p', action });
    }
    // Some h5p-resizer.js versions add the host's height to their answer.
    expect(parseIncoming({ context: 'h5p', action: 'resizePrepared', parentHeight: 640 })).toEqual({
      type: 'h5p',
      action: 'resizePrepared',
    });
    expect(parseIncoming(JSON.parse('{"type":"gpulab:request-height","version":1}'))).toEqual({
      type: 'request-height',
    });
    expect(
      parseIncoming(
        Object.assign(Object.create(null) as object, { context: 'h5p', action: 'hello' }),
      ),
    ).toEqual({ type: 'h5p', action: 'hello' });
  });

  it('rejects hostile and malformed data', () => {
    const getter = Object.defineProperty({ version: 1 }, 'type', {
      get: () => 'gpulab:request-height',
      enumerable: true,
    });
    const hostile: unknown[] = [
      null,
      undefined,
      'gpulab:request-height',
      '{"type":"gpulab:request-height","version":1}',
      42,
      true,
      [],
      [{ type: 'gpulab:request-height', version: 1 }],
      {},
      { type: 'gpulab:request-height' },
      { type: 'gpulab:request-height', version: 2 },
      { type: 'gpulab:request-height', version: '1' },
      { type: 'gpulab:request-height', version: 1, extra: true },
      { type: 'gpulab:configure', version: 1, theme: 'blue' },
      { type: 'gpulab:configure', version: 1, theme: null },
      { type: 'gpulab:configure', version: 1, theme: 'x'.repeat(100_000) },
      { type: 'gpulab:configure', version: 1, actor: { name: 'no id' } },
      { type: 'gpulab:configure', version: 1, actor: 'mailto:ada@example.org' },
      { type: 'gpulab:configure', version: 1, actor: null },
      { type: 'gpulab:configure', version: 1, frame: 'f' },
      { type: 'gpulab:configure', version: 1, actor: { ...agent, name: 'n'.repeat(201) } },
      { type: 'gpulab:ready', version: 1, frame: null, height: 10 },
      { type: 'gpulab:resize', version: 1, height: 10 },
      { type: 'GPULAB:REQUEST-HEIGHT', version: 1 },
      { subject: 'lti.frameResize', height: 10 },
      { context: 'h5p', action: 'prepareResize' },
      { context: 'h5p', action: 'hello', scrollHeight: 10 },
      { context: 'h5p', action: 'resizePrepared', parentHeight: '' },
      { context: 'h5p' },
      { context: 'h5p', action: 5 },
      { context: 'H5P', action: 'hello' },
      { context: 'h5p', action: 'hello'.repeat(20_000) },
      JSON.parse('{"__proto__":{"polluted":1},"type":"gpulab:request-height","version":1}'),
      JSON.parse(
        '{"type":"gpulab:configure","version":1,"actor":{"__proto__":{},"mbox":"mailto:a@b.c"}}',
      ),
      JSON.parse('{"context":"h5p","action":"__proto__"}'),
      JSON.parse('{"context":"h5p","action":"constructor"}'),
      Object.create({ type: 'gpulab:request-height', version: 1 }),
      new Map([['type', 'gpulab:request-height']]),
      new Date(),
      getter,
      { [Symbol('s')]: 1, type: 'gpulab:request-height', version: 1 },
    ];
    for (const data of hostile) {
      expect(parseIncoming(data), String(JSON.stringify(data)).slice(0, 80)).toBeNull();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
