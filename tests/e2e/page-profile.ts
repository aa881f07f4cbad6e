/**
 * A sampling profile of each test page's main thread, for `npm run -s profile:browser`
 * (scripts/browser-profile.ts): when E2E_PROFILE names a file, every page `openPage` opens is
 * profiled from before its navigation until its context closes, and one JSON line with its
 * time by script is appended to the file. Without E2E_PROFILE nothing is done.
 */
import { appendFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { microsecondsByScript, type PageProfile } from '../../scripts/browser-profile';

/** How often the profiler samples, in microseconds. */
const SAMPLING_INTERVAL_US = 1000;

/** Starts profiling `page` when E2E_PROFILE is set; its record is written when `context` closes. */
export async function profilePage(context: BrowserContext, page: Page, url: string): Promise<void> {
  const file = process.env.E2E_PROFILE;
  if (!file) return;
  const session = await context.newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await session.send('Profiler.start');
  const close = context.close.bind(context);
  context.close = async (options) => {
    // A page that crashed or was closed already has no profile to give.
    const stopped = await session.send('Profiler.stop').catch(() => undefined);
    if (stopped) {
      const record: PageProfile = {
        test: expect.getState().currentTestName ?? null,
        url,
        microsecondsByScript: microsecondsByScript(stopped.profile),
      };
      appendFileSync(file, `${JSON.stringify(record)}\n`);
    }
    return close(options);
  };
}
