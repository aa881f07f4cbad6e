import { expect } from 'vitest';
import type { Page, Request } from 'playwright-core';

/** A page's requests in flight, and when the last one started or ended (ms, Date.now). */
interface RequestLog {
  inFlight: Set<Request>;
  lastChangeMs: number;
}

const logs = new WeakMap<Page, RequestLog>();

/**
 * Starts keeping the requests `page` (its frames and workers included) has in flight. Called by
 * `openPage` before it navigates, so `networkQuiet` sees every request of a page it opened.
 */
export function trackRequests(page: Page): void {
  const log: RequestLog = { inFlight: new Set(), lastChangeMs: Date.now() };
  logs.set(page, log);
  const ended = (request: Request) => {
    log.inFlight.delete(request);
    log.lastChangeMs = Date.now();
  };
  page.on('request', (request) => {
    log.inFlight.add(request);
    log.lastChangeMs = Date.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * Waits until `page` has had no request in flight for `quietMs`: what a page fetches late
 * (fonts, workers' scripts, lazily loaded chunks and frames) has arrived. Playwright's
 * `waitForLoadState('networkidle')` also waits on each frame's own load cycle, and on the embed
 * demo's lazily loaded frames it once waited out its whole 30 s with nothing left to fetch; this
 * counts requests only, and if it times out it names the ones still open.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeout = 60_000): Promise<void> {
  const log = logs.get(page);
  if (!log) throw new Error('networkQuiet: this page was not opened by openPage');
  const state = () => {
    if (log.inFlight.size > 0) {
      const urls = [...log.inFlight].map((r) => r.url().slice(0, 120));
      return `waiting on ${log.inFlight.size}: ${urls.slice(0, 5).join(', ')}`;
    }
    return Date.now() - log.lastChangeMs >= quietMs ? 'quiet' : 'settling';
  };
  await expect.poll(state, { timeout, interval: 100 }).toBe('quiet');
}
