import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserSuite, settledWidget } from './browser';
import { seriousAxeViolationsInBothThemes } from './axe';

/**
 * The warp view alone (its embed page): the same component, frame and link settings as in a
 * lesson, at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 * Lesson 2 places it without props, so the embed page shows its state there. Lesson 8's props
 * (stride 8, the half branch) and its calm under reduced motion are read in my-machine.e2e.ts,
 * on the load of lesson 8 that file already makes.
 */
const WIDGET = '#/embed/warp';
const { openWidget } = browserSuite({ webgpu: true });

/** The coalescing panel's numbers: sectors and share used. */
async function coalescing(widget: Locator): Promise<[number, number]> {
  const result = widget.locator('[data-panel="coalescing"] [data-sectors]');
  return [
    Number(await result.getAttribute('data-sectors')),
    Number(await result.getAttribute('data-share')),
  ];
}

/** The divergence panel's SIMT efficiency. */
async function simt(widget: Locator): Promise<number> {
  return Number(await widget.locator('[data-simt]').getAttribute('data-simt'));
}

describe('the warp view', () => {
  it('as lesson 2 places it: exact numbers by keyboard, a measured run on SwiftShader, axe in both themes', async () => {
    const { page, widget, errors } = await openWidget(WIDGET, 'warp', {
      status: 'idle',
    });

    // Stepping: the code takes the arrow keys, the buttons Enter.
    const count = widget.locator('[data-step]');
    await widget.locator('.warp-code').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => count.getAttribute('data-step')).toBe('1');
    await page.keyboard.press('End');
    await expect.poll(() => count.getAttribute('data-step')).toBe('6');
    await page.keyboard.press('ArrowUp');
    // Step 6 of 7 under the even-lane branch is the else-path: the odd lanes.
    await expect
      .poll(() => widget.locator('[data-mask]').getAttribute('data-mask'))
      .toBe('0xaaaaaaaa');
    await widget.locator('[data-action="next"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => count.getAttribute('data-step')).toBe('6');

    // Coalescing at strides 1, 2 and 8, moved with the arrow keys.
    const stride = widget.locator('[data-panel="coalescing"] input[type="range"]');
    expect(await coalescing(widget)).toEqual([4, 1]);
    await stride.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => coalescing(widget)).toEqual([8, 0.5]);
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => coalescing(widget)).toEqual([32, 0.125]);
    await expect.poll(() => widget.locator('[data-sectors]').textContent()).toMatch(/12\.5 %/);

    // The branch rules, chosen with the arrow keys in the radio group.
    expect(await simt(widget)).toBe(0.5);
    await widget.getByRole('radio', { checked: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => widget.getByRole('radio', { checked: true }).getAttribute('value'))
      .toBe('half');
    await expect.poll(() => simt(widget)).toBe(0.5);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => simt(widget)).toBeCloseTo(47 / 96, 12);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => simt(widget)).toBe(1);

    // Banks: a 32-word row is 32-way; padding it by one word removes the conflict.
    const conflict = widget.locator('[data-conflict]');
    expect(await conflict.getAttribute('data-conflict')).toBe('32');
    expect(await conflict.textContent()).toMatch(/serves 32 different words.*32-way conflict/);
    await widget.getByRole('checkbox', { name: /Pad each row/ }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => conflict.getAttribute('data-conflict')).toBe('1');
    await expect.poll(() => conflict.getAttribute('data-effective-stride')).toBe('33');
    expect(await conflict.textContent()).toMatch(/No conflict: each bank serves at most one word/);

    // A measured run: every launch checked, the software adapter named as such.
    await widget.locator('[data-action="run"]').click();
    expect(await settledWidget(page, 'warp')).toBe('done');
    await expect.poll(() => widget.locator('[data-stride-row]').count()).toBe(6);
    await expect.poll(() => widget.locator('[data-branch-row]').count()).toBe(4);
    await expect
      .poll(() => widget.locator('[data-adapter]').getAttribute('data-fallback'))
      .toBe('true');
    await expect
      .poll(() => widget.locator('[data-fallback-note]').textContent())
      .toMatch(/CPU cores.*do not show sectors/);

    const axe = await seriousAxeViolationsInBothThemes(page, 'warp');
    expect(axe).toEqual({ light: [], dark: [] });
    expect(errors).toEqual([]);
  });
});
