import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectErrors, launchBrowser } from './browser';
import { buildManifest } from '../../scripts/lesson-manifest-plugin';
import { contentSecurityPolicy } from '../../scripts/csp';

const base = inject('baseUrl');
const lessons = buildManifest('content');
let browser: Browser;
let context: BrowserContext;

/** What a `securitypolicyviolation` event says, kept short for a failing assertion. */
interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: true });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Before any of the app's scripts: every violation on every page is recorded.
  await context.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __cspViolations: unknown[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push({
        page: location.hash,
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Scrolls through the page so lazily loaded widgets arrive, then waits for their placeholders. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await page.waitForFunction(
    () => document.querySelectorAll('.widget-placeholder').length === 0,
    undefined,
    { timeout: 60_000 },
  );
}

async function visit(
  hash: string,
  ready: string,
): Promise<{ violations: Violation[]; errors: string[] }> {
  const page = await context.newPage();
  const errors = collectErrors(page).filter((e) => /Content Security Policy/i.test(e));
  const cspErrors: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await page.goto(`${base}${hash}`);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await scrollThrough(page);
  // Let workers, fonts and late styles settle before reading the record.
  await page.waitForTimeout(300);
  const violations = (await page.evaluate('window.__cspViolations')) as Violation[];
  await page.close();
  return { violations, errors: [...errors, ...cspErrors] };
}

describe('Content-Security-Policy', () => {
  it('is in the built page as a meta tag, and sent by the preview server as a header', async () => {
    const page = await context.newPage();
    const response = await page.goto(base);
    const meta = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    expect(meta).toBe(contentSecurityPolicy());
    expect(meta).not.toContain('unsafe-eval');
    expect(meta).not.toContain('frame-ancestors');
    expect(response?.headers()['content-security-policy']).toBe(contentSecurityPolicy());
    await page.close();
  });

  it('is enforced, and the listener sees what it blocks (so a clean run means something)', async () => {
    const page = await context.newPage();
    await page.goto(`${base}#/`);
    await page.locator('[data-lesson]').first().waitFor();
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { __inlineRan?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      document.body.setAttribute('style', 'outline: 1px solid red');
      await new Promise((r) => setTimeout(r, 100));
      return w.__inlineRan === true;
    });
    expect(ran).toBe(false);
    const violations = (await page.evaluate('window.__cspViolations')) as Violation[];
    // Each is reported once per policy in force: the meta tag's and the header's.
    const directives = [...new Set(violations.map((v) => v.directive))].sort();
    expect(directives).toEqual(['script-src-elem', 'style-src-attr']);
    await page.close();
  });

  const pages: Array<[string, string]> = [
    ['#/', '[data-lesson]'],
    ['#/glossary', 'main h1'],
    ['#/check', 'main h1'],
    ...lessons.map((l): [string, string] => [`#/lesson/${l.slug}`, '.lesson-body h2']),
    ['#/embed/amdahl', '[data-widget="amdahl"]'],
  ];

  it('lets the embed demo page frame the app and run its embed script', async () => {
    const page = await context.newPage();
    const cspErrors: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
    });
    await page.goto(`${base}embed-demo.html`);
    await page.locator('iframe').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    // The page's own record and every frame's (init scripts run in frames too).
    const records = await Promise.all(
      page.frames().map((f) => f.evaluate('window.__cspViolations ?? []') as Promise<Violation[]>),
    );
    expect(records.flat()).toEqual([]);
    expect(cspErrors).toEqual([]);
    await page.close();
  });

  it.each(pages)('%s runs with no violation', async (hash, ready) => {
    const { violations, errors } = await visit(hash, ready);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
