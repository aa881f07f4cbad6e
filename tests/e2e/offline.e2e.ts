import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite, collectErrors, widgetStatus } from './browser';

// These tests are about the service worker, so it may register here.
const { base, browser, newContext } = browserSuite({ webgpu: false, serviceWorkers: 'allow' });

/** Waits until a service worker controls the page and has finished precaching (it is active). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller?.state === 'activated',
    undefined,
    { timeout: 60_000 },
  );
}

/** Moves the Amdahl plot's p slider with the keyboard and returns the readout before and after. */
async function nudgeAmdahl(page: Page): Promise<[string, string]> {
  await widgetStatus(page, 'amdahl', 'done');
  const widget = page.locator('[data-widget="amdahl"]');
  const readout = widget.getByTestId('amdahl-readout');
  const before = (await readout.textContent()) ?? '';
  const slider = widget.getByLabel('Your parallel fraction p', { exact: true });
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => readout.textContent()).not.toBe(before);
  return [before, (await readout.textContent()) ?? ''];
}

describe('offline', () => {
  let context: BrowserContext;

  afterAll(async () => {
    await context?.close();
  });

  it('serves a visited lesson, its text and a working widget, with the network gone', async () => {
    context = await (await browser()).newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${base}#/lesson/why-gpus`);
    await page.locator('.lesson-body h2').first().waitFor();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await page.locator('.lesson-body h2').first().waitFor();
    await expect.poll(() => page.locator('.lesson-body h2').count()).toBeGreaterThan(4);
    // The Amdahl plot's chunk was never requested online in this test: it came from the precache.
    const [before, after] = await nudgeAmdahl(page);
    expect(before).not.toBe('');
    expect(after).not.toBe(before);
    // KaTeX's fonts came from the cache too (the lesson has math).
    await page.locator('.katex').first().scrollIntoViewIfNeeded();
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      const katex = [...document.fonts].filter((f) => f.family.includes('KaTeX'));
      return {
        loaded: katex.filter((f) => f.status === 'loaded').length,
        failed: katex.filter((f) => f.status === 'error').length,
      };
    });
    expect(fonts.loaded).toBeGreaterThan(0);
    expect(fonts.failed).toBe(0);
    expect(errors).toEqual([]);
  });

  it('serves an embed page offline after a visit', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    // Still offline: this page was never opened online, only the app was.
    await page.goto(`${base}#/embed/amdahl`);
    const [before, after] = await nudgeAmdahl(page);
    expect(after).not.toBe(before);
    expect(errors).toEqual([]);
  });

  it('goes back to the network for the page when online again (never stale while online)', async () => {
    await context.setOffline(false);
    const page = await context.newPage();
    const fromNetwork = page.waitForResponse(
      (r) => r.request().resourceType() === 'document' && r.status() === 200,
    );
    await page.goto(`${base}#/`);
    const response = await fromNetwork;
    // Served by the worker's network-first fetch, which reached the server.
    expect(response.fromServiceWorker()).toBe(true);
    const swVersion = await workerVersion(page);
    expect(swVersion).toMatch(/^[0-9a-f]{16}$/);
  });
});

/** Asks the controlling service worker for its version. */
async function workerVersion(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const sw = navigator.serviceWorker.controller;
    if (!sw) return null;
    const channel = new MessageChannel();
    const reply = new Promise<string>((resolve) => {
      channel.port1.onmessage = (e) => resolve(String(e.data));
    });
    sw.postMessage({ type: 'version' }, [channel.port2]);
    return reply;
  });
}

describe('a new version', () => {
  // A copy of the build on its own server, so the test can publish a "new version" of it.
  let dir: string;
  let server: PreviewServer;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gpu-lab-sw-'));
    cpSync(process.env.E2E_DIST ?? 'dist', dir, { recursive: true });
    server = await preview({
      build: { outDir: dir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
      logLevel: 'warn',
    });
    url = server.resolvedUrls?.local[0] ?? '';
  });

  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is announced, waits for Reload, then takes over and deletes the old cache', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${url}#/`);
    await waitForServiceWorker(page);
    const oldVersion = await workerVersion(page);
    await expect.poll(() => page.locator('[data-notice="update"]').count()).toBe(0);

    // Publish a new version: the worker script's bytes change.
    const swPath = join(dir, 'sw.js');
    const next = 'f'.repeat(16);
    writeFileSync(
      swPath,
      readFileSync(swPath, 'utf8').replace(
        /const VERSION = "[0-9a-f]+";/,
        `const VERSION = "${next}";`,
      ),
    );
    await page.reload();
    const notice = page.locator('[data-notice="update"]');
    await notice.waitFor({ timeout: 60_000 });
    await expect.poll(() => notice.getAttribute('role')).toBe('status');
    await expect.poll(() => notice.textContent()).toContain('A new version is ready');
    // Still the old worker until the learner asks.
    expect(await workerVersion(page)).toBe(oldVersion);

    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await workerVersion(page)).toBe(next);
    await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([`gpu-lab-${next}`]);
    expect(errors).toEqual([]);
  });
});
