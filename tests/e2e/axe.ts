/** Accessibility checks for the browser tests: axe-core run in the page. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { AXE_SCRIPT } from '../../scripts/browser-profile';
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
 * The axe rules whose outcome depends on colours, the only thing the dark theme changes (it is a
 * `prefers-color-scheme` media query over the same markup). A page already checked with every
 * rule in one theme is checked with these in the other: they are two thirds of a whole run's
 * cost, and the other rules would only repeat the first run's verdict on unchanged markup.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** Which axe rules a run uses: all of them, or only those that read colours. */
export type AxeRules = 'all' | 'colour';

/**
 * Waits until every CSS transition and animation that ends has ended. A colour that is still
 * fading (a theme switch, a lane that just turned on) is read by axe half-way, against text that
 * already has its new colour, and fails the contrast rule for a moment that no reader sees.
 * `getAnimations` flushes pending styles first, so a transition a change has just started is in
 * the list; endless and paused ones (a spinner) are left out.
 */
export async function finiteAnimationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((a) =>
          a.finished.then(
            () => undefined,
            () => undefined,
          ),
        ),
    ).then(() => undefined),
  );
}

/**
 * What an axe run covers: the whole document (undefined), one widget's section (its id), or the
 * element a locator finds (a part of the page in a state the test drove it into).
 */
export type AxeScope = string | Locator | undefined;

/**
 * Runs axe-core in the page and returns its serious and critical violations over `scope`: the
 * whole document by default, or one widget or part (a widget's own tests check the states they
 * drive it into; every lesson is checked whole in all-lessons.e2e.ts). `rules` picks every rule
 * (the default) or only COLOUR_RULES.
 */
export async function seriousAxeViolations(
  page: Page,
  scope?: AxeScope,
  rules: AxeRules = 'all',
): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy blocks inline
  // scripts, and evaluation from the test driver is not subject to it. Once per page, under a
  // name that profiles show (AXE_SCRIPT: npm run -s profile:browser counts axe's time by it).
  if (!(await page.evaluate(() => 'axe' in window))) {
    const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(`${source}\n//# sourceURL=${AXE_SCRIPT}`);
  }
  const root =
    scope === undefined
      ? page.locator('html')
      : typeof scope === 'string'
        ? await loadedWidget(page, scope)
        : scope;
  await finiteAnimationsDone(page);
  const runOnly = rules === 'colour' ? [...COLOUR_RULES] : null;
  const violations = await root.evaluate(async (element, runOnly) => {
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
    const result = await axe.run(element, {
      resultTypes: ['violations'],
      // Preload media only. By default axe also re-reads every stylesheet into a CSS object
      // model before each run (about a second on a lesson), which only css-orientation-lock
      // reads: an experimental rule, off unless enabled, so no run here uses it.
      preload: { assets: ['media'] },
      ...(runOnly ? { runOnly: { type: 'rule', values: runOnly } } : {}),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
    }));
  }, runOnly);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Runs `seriousAxeViolations` in the light theme with every rule, then in the dark one with the
 * COLOUR_RULES (the themes are CSS media queries over the same markup, so switching the emulated
 * scheme re-styles it without a reload), and leaves the page in the light theme. One page state
 * checked in both themes costs one load.
 */
export async function seriousAxeViolationsInBothThemes(
  page: Page,
  scope?: AxeScope,
): Promise<{ light: AxeViolation[]; dark: AxeViolation[] }> {
  const inScheme = async (colorScheme: 'light' | 'dark', rules: AxeRules | 'none') => {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (scheme) => matchMedia(`(prefers-color-scheme: ${scheme})`).matches,
      colorScheme,
    );
    return rules === 'none' ? [] : seriousAxeViolations(page, scope, rules);
  };
  const light = await inScheme('light', 'all');
  const dark = await inScheme('dark', 'colour');
  await inScheme('light', 'none');
  return { light, dark };
}
