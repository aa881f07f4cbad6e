/**
 * Test helper: an in-process stand-in for a race worker. It answers through the same handler
 * the real worker uses, after a delay, and can be told to fail.
 */
import type { WorkerLike } from '../race-pool';
import type { RaceRequest, RaceResponse } from '../race-protocol';
import { handleRaceRequest } from '../race-handler';

/** How a fake worker behaves. */
export interface FakeWorkerBehaviour {
  /** Milliseconds before each answer (0: next macrotask). */
  delayMs?: number;
  /** Return an error message to answer a request with an `error` response instead. */
  failWith?(request: RaceRequest): string | undefined;
  /** Return true to simulate a crash (onerror) instead of answering. */
  crashOn?(request: RaceRequest): boolean;
}

/** A fake worker; `requests` records what it was sent, `terminated` whether it was stopped. */
export class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<RaceResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly requests: RaceRequest[] = [];
  terminated = false;

  constructor(private readonly behaviour: FakeWorkerBehaviour = {}) {}

  postMessage(message: RaceRequest): void {
    if (this.terminated) return; // a terminated Worker drops messages silently
    this.requests.push(message);
    setTimeout(() => this.answer(message), this.behaviour.delayMs ?? 0);
  }

  terminate(): void {
    this.terminated = true;
  }

  private answer(request: RaceRequest): void {
    if (this.terminated) return;
    if (this.behaviour.crashOn?.(request)) {
      this.onerror?.({ message: 'simulated crash' } as ErrorEvent);
      return;
    }
    const failure = this.behaviour.failWith?.(request);
    const response: RaceResponse = failure
      ? { kind: 'error', id: request.id, message: failure }
      : handleRaceRequest(request).response;
    this.onmessage?.({ data: response } as MessageEvent<RaceResponse>);
  }
}
