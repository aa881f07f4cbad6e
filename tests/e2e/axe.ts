/** Accessibility checks for the browser tests: axe-core run in the page. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { loadedWidget } from './browser';

const require = createRequire(import.meta.url);

/** One axe violation, trimmed to what a failing assertion should show. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core in the page and returns its serious and critical violations: over the whole
 * document, or over one widget's section when `widgetId` is given (a widget's own tests check
 * the states they drive it into; every lesson is checked whole in all-lessons.e2e.ts).
 */
export async function seriousAxeViolations(page: Page, widgetId?: string): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy blocks inline
  // scripts, and evaluation from the test driver is not subject to it. Once per page.
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  }
  const scope = widgetId ? await loadedWidget(page, widgetId) : page.locator('html');
  const violations = await scope.evaluate(async (element) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Element,
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
    const result = await axe.run(element, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Runs `seriousAxeViolations` in the light theme and then in the dark one on the same page (the
 * themes are CSS media queries, so switching the emulated scheme re-styles it without a reload),
 * and leaves the page in the light theme. One page state checked in both themes costs one load.
 */
export async function seriousAxeViolationsInBothThemes(
  page: Page,
  widgetId?: string,
): Promise<{ light: AxeViolation[]; dark: AxeViolation[] }> {
  const inScheme = async (colorScheme: 'light' | 'dark') => {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (scheme) => matchMedia(`(prefers-color-scheme: ${scheme})`).matches,
      colorScheme,
    );
    return seriousAxeViolations(page, widgetId);
  };
  const light = await inScheme('light');
  const dark = await inScheme('dark');
  await inScheme('light');
  return { light, dark };
}
