import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Where Chromium is: CHROMIUM_PATH, else Debian's /usr/bin/chromium; throws with how to get one. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  throw new Error(
    'No Chromium found for the browser tests. Install it (Debian/Ubuntu: `apt-get install chromium`, ' +
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

const require = createRequire(import.meta.url);

/** One axe violation, trimmed to what a failing assertion should show. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core in the page and returns its serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy blocks inline
  // scripts, and evaluation from the test driver is not subject to it.
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: Array<{ target: unknown[] }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** How a test page is opened. */
export interface OpenOptions {
  width?: number;
  colorScheme?: 'light' | 'dark';
  reducedMotion?: 'reduce' | 'no-preference';
  /** Runs in the page before any of its scripts (to stub or capture WebGPU objects). */
  initScript?: () => void;
}

/** Opens `url` in a fresh context (clean storage) and collects the page's errors. */
export async function openPage(browser: Browser, url: string, options: OpenOptions = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(url);
  return { page, errors, context };
}
