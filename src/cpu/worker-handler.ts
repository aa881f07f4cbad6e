/**
 * The worker side of the pools' plumbing: a request handler that always answers (a thrown error
 * or a request of an unknown kind becomes an `error` answer under the request's id), and the
 * loop that serves a worker's messages with it. Every protocol here has that `error` answer.
 */

/** An answer and the buffers to transfer (not copy) with it. */
export interface HandledRequest<Res> {
  response: Res;
  transfer: Transferable[];
}

/** The answer to a request that could not be carried out. */
export interface ErrorResponse {
  kind: 'error';
  id: number;
  message: string;
}

/** What a worker does with each kind of request it knows. */
export type RequestHandlers<Req extends { kind: string; id: number }, Res> = {
  [K in Req['kind']]: (request: Extract<Req, { kind: K }>) => HandledRequest<Res>;
};

/** An `error` answer to `request`, which may be anything a page posted. */
function errorAnswer(request: unknown, message: string): HandledRequest<ErrorResponse> {
  const id = (request as { id?: unknown } | null)?.id;
  return {
    response: { kind: 'error', id: typeof id === 'number' ? id : -1, message },
    transfer: [],
  };
}

/** One handler for every request, built from a handler per kind; it never throws. */
export function answerRequests<Req extends { kind: string; id: number }, Res>(
  handlers: RequestHandlers<Req, Res>,
): (request: Req) => HandledRequest<Res | ErrorResponse> {
  return (request) => {
    const kind = (request as { kind?: unknown } | null)?.kind;
    if (typeof kind !== 'string' || !Object.hasOwn(handlers, kind)) {
      return errorAnswer(request, `unknown request kind ${String(kind)}`);
    }
    try {
      return handlers[kind as Req['kind']](request as never);
    } catch (error) {
      return errorAnswer(request, error instanceof Error ? error.message : String(error));
    }
  };
}

/** The parts of a dedicated worker's global scope a worker script uses. */
interface WorkerScope<Req, Res> {
  onmessage: ((event: MessageEvent<Req>) => void) | null;
  postMessage(message: Res, transfer: Transferable[]): void;
}

/** Answers every message this worker receives with `handle` (call it from a worker script). */
export function serveRequests<Req, Res>(handle: (request: Req) => HandledRequest<Res>): void {
  const scope = self as unknown as WorkerScope<Req, Res>;
  scope.onmessage = (event) => {
    const { response, transfer } = handle(event.data);
    scope.postMessage(response, transfer);
  };
}
