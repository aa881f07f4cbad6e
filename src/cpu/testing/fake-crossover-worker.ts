/**
 * Test helper: an in-process stand-in for a crossover worker. It answers through the same
 * handler the real worker uses, on the next macrotask, and can be told to corrupt or fail.
 */
import type { CrossoverWorkerLike } from '../crossover-pool';
import { createCrossoverHandler } from '../crossover-handler';
import type { CrossoverRequest, CrossoverResponse } from '../crossover-protocol';

/** How a fake worker behaves. */
export interface FakeCrossoverBehaviour {
  /** Return an error message to answer with an `error` response instead. */
  failWith?(request: CrossoverRequest): string | undefined;
  /** Change an output before it is sent (to test the check). */
  corrupt?(output: Float32Array): void;
}

/** A fake crossover worker; `requests` records what it was sent. */
export class FakeCrossoverWorker implements CrossoverWorkerLike {
  onmessage: ((event: MessageEvent<CrossoverResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly requests: CrossoverRequest[] = [];
  terminated = false;
  private readonly handle = createCrossoverHandler();

  constructor(private readonly behaviour: FakeCrossoverBehaviour = {}) {}

  postMessage(message: CrossoverRequest): void {
    if (this.terminated) return;
    this.requests.push(message);
    setTimeout(() => this.answer(message), 0);
  }

  terminate(): void {
    this.terminated = true;
  }

  private answer(request: CrossoverRequest): void {
    if (this.terminated) return;
    const failure = this.behaviour.failWith?.(request);
    const response: CrossoverResponse = failure
      ? { kind: 'error', id: request.id, message: failure }
      : this.handle(request).response;
    if (response.kind === 'ran') this.behaviour.corrupt?.(response.output);
    this.onmessage?.({ data: response } as MessageEvent<CrossoverResponse>);
  }
}
