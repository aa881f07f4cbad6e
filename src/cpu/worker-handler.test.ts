import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRequests, serveRequests, type HandledRequest } from './worker-handler';

type Request = { kind: 'echo'; id: number; text: string } | { kind: 'fail'; id: number };
type Response =
  { kind: 'echoed'; id: number; text: string } | { kind: 'error'; id: number; message: string };

const handle = answerRequests<Request, Response>({
  echo: (r) => ({ response: { kind: 'echoed', id: r.id, text: r.text }, transfer: [] }),
  fail: () => {
    throw new RangeError('cannot do that');
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('answerRequests', () => {
  it('hands each request to the handler of its kind', () => {
    expect(handle({ kind: 'echo', id: 1, text: 'hi' }).response).toEqual({
      kind: 'echoed',
      id: 1,
      text: 'hi',
    });
  });

  it('answers a throw, an unknown kind or a malformed message with an error, never a throw', () => {
    expect(handle({ kind: 'fail', id: 2 }).response).toEqual({
      kind: 'error',
      id: 2,
      message: 'cannot do that',
    });
    expect(handle({ kind: 'toString', id: 3 } as unknown as Request).response).toEqual({
      kind: 'error',
      id: 3,
      message: 'unknown request kind toString',
    });
    expect(handle(null as unknown as Request).response).toMatchObject({ kind: 'error', id: -1 });
  });
});

describe('serveRequests', () => {
  it("answers each of the worker's messages, transferring what the handler says", () => {
    const scope = {
      onmessage: null as ((event: MessageEvent<Request>) => void) | null,
      postMessage: vi.fn(),
    };
    vi.stubGlobal('self', scope);
    const buffer = new ArrayBuffer(4);
    serveRequests<Request, Response>((r): HandledRequest<Response> => ({
      ...handle(r),
      transfer: [buffer],
    }));
    scope.onmessage?.({ data: { kind: 'echo', id: 7, text: 'x' } } as MessageEvent<Request>);
    expect(scope.postMessage).toHaveBeenCalledWith({ kind: 'echoed', id: 7, text: 'x' }, [buffer]);
  });
});
