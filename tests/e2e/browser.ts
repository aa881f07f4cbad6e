import { existsSync } from 'node:fs';
import { afterEach, beforeAll, inject } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Frame,
  type Locator,
  type Page,
} from 'playwright-core';
import { networkQuiet, trackRequests } from './network-quiet';
import { profilePage } from './page-profile';

/**
 * Where Chromium is: CHROMIUM_PATH; else Debian's headless shell (chromium-headless-shell: the
 * same engine and WebGPU without the browser's UI layers, about a third less CPU per page here);
 * else Debian's /usr/bin/chromium. Throws with how to get one.
 */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  for (const c of candidates) if (c && existsSync(c)) return c;
  throw new Error(
    'No Chromium found for the browser tests. Install it (Debian/Ubuntu: `apt-get install chromium chromium-headless-shell`, ' +
      'or run scripts/install-test-deps.sh) or set CHROMIUM_PATH to a Chromium/Chrome binary.',
  );
}

/** Flags that keep Chromium quiet on a machine with no network beyond package registries. */
const BASE_ARGS = [
  '--no-sandbox',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/** How a test browser is launched. */
export interface LaunchOptions {
  /** Real WebGPU (SwiftShader here) unless false. */
  webgpu?: boolean;
  /**
   * Whether pages may register the app's service worker. Blocked by default: the production
   * build registers one, and requests it answers from its cache bypass `page.route`, which makes
   * interception unreliable. The offline tests allow it. A context may still override this.
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * Launches headless Chromium. Every context it creates (`newContext`, and `newPage`, which
 * makes one) blocks service workers unless `serviceWorkers: 'allow'` is given here or there.
 */
export async function launchBrowser({
  webgpu = true,
  serviceWorkers = 'block',
}: LaunchOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: webgpu ? [...BASE_ARGS, '--enable-unsafe-webgpu'] : [...BASE_ARGS, '--disable-webgpu'],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers, ...options });
  return browser;
}

/** Messages the page printed as console errors or threw as uncaught exceptions. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  return errors;
}

/** How a test page is opened. */
export interface OpenOptions {
  width?: number;
  colorScheme?: 'light' | 'dark';
  reducedMotion?: 'reduce' | 'no-preference';
  /** Runs in the page before any of its scripts (to stub or capture WebGPU objects). */
  initScript?: () => void;
  /** Lifts the app's Content-Security-Policy, which forbids the inline script axe is. */
  bypassCSP?: boolean;
  /** Whether the page may register the app's service worker (blocked unless 'allow'). */
  serviceWorkers?: 'allow' | 'block';
}

/** A page opened for a test: the page, its own context, and what it printed as errors. */
export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

/** Opens `url` in a fresh context (clean storage) and collects the page's errors. */
export async function openPage(
  browser: Browser,
  url: string,
  options: OpenOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    ...(options.bypassCSP ? { bypassCSP: true } : {}),
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
  });
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  await profilePage(context, page, url);
  const errors = collectErrors(page);
  trackRequests(page);
  await page.goto(url);
  return { page, errors, context };
}

/** How `openWidget` opens a page: as `open` does, then what to wait for in the widget. */
export type WidgetOpenOptions = OpenOptions & { webgpu?: boolean; status?: string; ready?: string };

/** What a test file's browsers and pages are, from `browserSuite`. */
export interface BrowserSuite {
  /** The built app's address (ends in `/`). */
  readonly base: string;
  /**
   * Opens `path` (a hash route such as `#/lesson/why-gpus`, a path under the app, or a whole URL) in a fresh context,
   * closed after the test even when it fails half-way. `webgpu` picks the other browser.
   */
  open(path: string, options?: OpenOptions & { webgpu?: boolean }): Promise<OpenedPage>;
  /**
   * Opens `path` as `open` does and waits for the widget `id` to load, then for it to report
   * `status` or to show `ready` (a selector inside it), when given.
   */
  openWidget(
    path: string,
    id: string,
    options?: WidgetOpenOptions,
  ): Promise<OpenedPage & { widget: Locator }>;
  /** A fresh context of the suite's browser (or the other one), closed after the test. */
  newContext(options?: BrowserContextOptions & { webgpu?: boolean }): Promise<BrowserContext>;
  /**
   * The browser, for contexts that outlive a test (the caller closes them: the browser is shared
   * with the process's other files). Its contexts take the suite's service-worker setting.
   */
  browser(webgpu?: boolean): Promise<Pick<Browser, 'newContext'>>;
}

/** The test process's browsers, one per WebGPU setting, launched on first use. */
const sharedBrowsers = new Map<boolean, Promise<Browser>>();

/**
 * The test process's browser with WebGPU on or off, launched on first use and shared by every
 * file the process runs (Vitest reuses a worker from file to file: see vitest.e2e.config.ts).
 * Tests never share more than the browser process: each opens its own context (its own storage,
 * cache and renderer), closed after it. A browser that has gone away (crashed) is launched
 * again. It ends with the process (Playwright closes what it launched on exit).
 */
export async function sharedBrowser(webgpu: boolean): Promise<Browser> {
  const known = sharedBrowsers.get(webgpu);
  if (known) {
    const browser = await known.catch(() => undefined);
    if (browser?.isConnected()) return browser;
  }
  const launched = launchBrowser({ webgpu });
  sharedBrowsers.set(webgpu, launched);
  return launched;
}

/**
 * The browser set-up every e2e file shares: registers Vitest hooks that make sure the process's
 * shared browser is up before the file's tests (`sharedBrowser`), and close each test's contexts
 * after the test. `launch` picks the default browser (WebGPU on or off) and whether its pages may
 * register service workers; the browser with the other WebGPU setting starts on first use
 * (`open(path, { webgpu })`). Call it once, at the top of the file.
 */
export function browserSuite(launch: LaunchOptions = {}): BrowserSuite {
  const base = inject('baseUrl');
  const webgpuByDefault = launch.webgpu ?? true;
  const serviceWorkers = launch.serviceWorkers ?? 'block';
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    await sharedBrowser(webgpuByDefault);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  const open: BrowserSuite['open'] = async (
    path,
    { webgpu = webgpuByDefault, ...options } = {},
  ) => {
    const url = /^[a-z]+:/i.test(path) ? path : base + path;
    const opened = await openPage(await sharedBrowser(webgpu), url, {
      serviceWorkers,
      ...options,
    });
    contexts.push(opened.context);
    return opened;
  };
  return {
    base,
    open,
    async openWidget(path, id, { status, ready, ...options } = {}) {
      const opened = await open(path, options);
      const widget = await loadedWidget(opened.page, id);
      if (status) await widgetStatus(opened.page, id, status);
      if (ready) await widget.locator(ready).first().waitFor({ timeout: 60_000 });
      return { ...opened, widget };
    },
    async newContext({ webgpu = webgpuByDefault, ...options } = {}) {
      const context = await (
        await sharedBrowser(webgpu)
      ).newContext({
        serviceWorkers,
        ...options,
      });
      contexts.push(context);
      return context;
    },
    async browser(webgpu = webgpuByDefault) {
      const browser = await sharedBrowser(webgpu);
      return { newContext: (options = {}) => browser.newContext({ serviceWorkers, ...options }) };
    },
  };
}

/** The widget `id` once its code has loaded (not its placeholder); the page is not scrolled. */
export async function loadedWidget(page: Page, id: string, timeout = 60_000): Promise<Locator> {
  const root = page.locator(`section[data-widget="${id}"]:not(.widget-placeholder)`).first();
  await root.waitFor({ timeout });
  return root;
}

/** Waits until the widget `id` reports `status` (its `data-status`). */
export async function widgetStatus(
  page: Page,
  id: string,
  status: string,
  timeout = 60_000,
): Promise<void> {
  await page
    .locator(`section[data-widget="${id}"]:not(.widget-placeholder)[data-status="${status}"]`)
    .first()
    .waitFor({ timeout });
}

/** Waits until the widget `id` has finished its work (done or error) and returns which. */
export async function settledWidget(page: Page, id: string, timeout = 120_000): Promise<string> {
  const root = page.locator(`section[data-widget="${id}"]:not(.widget-placeholder)`).first();
  await page
    .locator(`section[data-widget="${id}"]:is([data-status="done"], [data-status="error"])`)
    .first()
    .waitFor({ timeout });
  return (await root.getAttribute('data-status')) ?? '';
}

/** Waits until every widget on the page has replaced its loading placeholder. */
export async function allWidgetsLoaded(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.widget-placeholder').length === 0 &&
      document.querySelectorAll('[data-widget]').length > 0,
    undefined,
    { timeout },
  );
}

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
export async function tabTo(page: Page, target: Locator, limit = 200): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** How many pixels the page scrolls sideways (0 or less: it fits the window's width). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** What a `securitypolicyviolation` event said, kept short for a failing assertion. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/**
 * An init script (`OpenOptions.initScript`) that records every Content-Security-Policy violation
 * of the page from before its first script; `cspViolations` reads the record.
 */
export function recordCspViolations(): void {
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
}

/** The violations `recordCspViolations` has seen in the page (or one of its frames). */
export async function cspViolations(page: Page | Frame): Promise<CspViolation[]> {
  return (await page.evaluate('window.__cspViolations ?? []')) as CspViolation[];
}

/**
 * The page's CSP violations once what it loads late is in: it scrolls through (widgets and
 * images that load on scrolling), waits for the fonts and for the network to go quiet (workers'
 * scripts), then reads the record `recordCspViolations` keeps.
 */
export async function settledCspViolations(page: Page): Promise<CspViolation[]> {
  await scrollThrough(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await networkQuiet(page);
  return cspViolations(page);
}

/**
 * Scrolls through the whole page a window at a time, letting each position render (two animation
 * frames), ending at the bottom; for checks that must see what appears on scrolling. The windows
 * meet edge to edge: each part of the page comes into view once.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const step = Math.max(200, window.innerHeight);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
}
