import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Replaces a CodeMirror editor's text as a learner would: click into `editor` (its `.cm-content`),
 * select everything, then type over it (the first character as a key press onto the selection,
 * the rest inserted as typed text).
 */
export async function typeInEditor(page: Page, editor: Locator, code: string): Promise<void> {
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(code.slice(0, 1));
  await page.keyboard.insertText(code.slice(1));
}

/**
 * Presses a run button inside `scope` (`[data-action="run"]`, by mouse or, with `keyboard`, by
 * focus and Enter) and waits until its `[data-result]` region settles on `expected`; returns it.
 */
export async function runAndSettle(
  page: Page,
  scope: Page | Locator,
  expected: string,
  { keyboard = false } = {},
): Promise<Locator> {
  const button = scope.locator('[data-action="run"]');
  if (keyboard) {
    await expect.poll(() => button.isEnabled(), { timeout: 120_000 }).toBe(true);
    await button.focus();
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  const result = scope.locator('[data-result]');
  await expect.poll(() => result.getAttribute('data-result'), { timeout: 120_000 }).toBe(expected);
  return result;
}
