import { describe, expect, it } from 'vitest';
import { browserSuite, horizontalOverflow, tabTo } from './browser';
import { seriousAxeViolations, seriousAxeViolationsInBothThemes } from './axe';

/**
 * The parallel layout planner alone (its embed page): the same component, frame and link
 * settings as in lesson 12. One page load walks it all: a link's settings restored, the ranking
 * computed in its worker, a column sorted and a ranked layout chosen by keyboard (written back to
 * the link), bad input explained without losing the widget, axe in both themes, reduced motion,
 * and a 375 px phone. The engine's figures and the widget's logic are checked in its unit and
 * component tests; this checks what needs a real browser.
 */
const WIDGET = '#/embed/parallel-planner';
const { openWidget } = browserSuite({ webgpu: false });

describe('lesson 12: the parallel layout planner', () => {
  it('restores a link, ranks in a worker, chooses a ranked layout by keyboard, explains bad input; axe-clean, fits 375 px', async () => {
    const link =
      `${WIDGET}?parallel-planner.model=llama3.1-8b&parallel-planner.gpu=a100-sxm-80gb` +
      '&parallel-planner.gpus=16&parallel-planner.link=nvlink3&parallel-planner.netlink=ib-hdr' +
      '&parallel-planner.seq=4096&parallel-planner.batch=64&parallel-planner.shard=zero1' +
      '&parallel-planner.tp=2&parallel-planner.pp=2&parallel-planner.ckpt=selective';
    const {
      page,
      widget: planner,
      errors,
    } = await openWidget(link, 'parallel-planner', {
      reducedMotion: 'reduce',
      ready: '[data-ranking="done"]',
    });

    // The link's settings, back in the controls and in the answer.
    const value = (label: string) => planner.getByLabel(label, { exact: true }).inputValue();
    await expect.poll(() => value('Model')).toBe('llama3.1-8b');
    await expect.poll(() => value('GPUs in all')).toBe('16');
    await expect.poll(() => value('Tensor parallel (TP)')).toBe('2');
    await expect.poll(() => value('Pipeline parallel (PP)')).toBe('2');
    await expect.poll(() => value('Activation checkpointing')).toBe('selective');
    await expect
      .poll(() => planner.locator('[data-summary]').textContent())
      .toMatch(
        /Llama 3\.1 8B on 16 × NVIDIA A100 SXM.* \(2 nodes of 8\).*DP 4 × TP 2 × PP 2, ZeRO-1, micro-batch 1 × 16, selective checkpointing:/,
      );
    await expect.poll(() => planner.locator('svg.pp-lanes [data-lane]').count()).toBe(2);
    await expect
      .poll(() => planner.locator('[data-rank-status]').textContent())
      .toMatch(/^Ranked [\d,]+ layouts: [\d,]+ fit in memory/);
    await expect
      .poll(() => planner.locator('[data-why]').textContent())
      .toMatch(/^The best layout \(.*\).* faster than the (runner-up|next) \(/);

    // Sort by a column, then choose the top row's layout, all by keyboard.
    const table = planner.locator('table[data-rank-table]');
    const tokens = table.getByRole('button', { name: 'Tokens/s per GPU' });
    await tokens.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => table.locator('thead th[aria-sort="descending"]').textContent())
      .toMatch(/^Tokens\/s per GPU/);
    const top = table.locator('tbody tr').first();
    const key = (await top.getAttribute('data-layout'))!;
    const [tp, cp, pp, mb, shard, ckpt] = key.split('.');
    await tabTo(page, top.getByRole('button'));
    await page.keyboard.press('Enter');
    await expect.poll(() => value('Tensor parallel (TP)')).toBe(tp);
    await expect.poll(() => value('Context parallel (CP)')).toBe(cp);
    await expect.poll(() => value('Pipeline parallel (PP)')).toBe(pp);
    await expect.poll(() => value('Micro-batch (sequences)')).toBe(mb);
    await expect.poll(() => value('Data parallel keeps the model state')).toBe(shard);
    await expect.poll(() => value('Activation checkpointing')).toBe(ckpt);
    await expect
      .poll(() => table.locator('tr[aria-current="true"]').getAttribute('data-layout'))
      .toBe(key);
    await expect
      .poll(() => planner.locator('[data-chosen-place]').textContent())
      .toBe('Your layout is the best one.');
    await expect
      .poll(() => page.evaluate(() => decodeURIComponent(location.hash)))
      .toContain(`parallel-planner.ckpt=${ckpt}`);

    // Bad input gets words, never a blank widget; the ranking stays to choose from.
    await planner.getByLabel('Tensor parallel (TP)', { exact: true }).fill('16');
    await expect
      .poll(() => planner.getByRole('alert').textContent())
      .toMatch(/Tensor parallel 16 is wider than a node of 8 GPUs/);
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    await planner.getByLabel('Tensor parallel (TP)', { exact: true }).fill('3');
    await expect
      .poll(() => planner.getByRole('alert').textContent())
      .toMatch(/does not divide the 16 GPUs/);
    await top.getByRole('button').click();
    await expect.poll(() => planner.locator('[data-summary]').count()).toBe(1);

    // Axe in both themes over the widget as it stands; under reduced motion the bar does not glide.
    const axe = await seriousAxeViolationsInBothThemes(page, 'parallel-planner');
    expect(axe).toEqual({ light: [], dark: [] });
    const duration = await planner
      .locator('[data-memory-panel] rect[data-part="state"]')
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(Number.parseFloat(duration)).toBeLessThan(0.001);

    // A phone: the layout follows, nothing scrolls sideways, and it stays axe-clean.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForFunction(() => window.innerWidth === 375);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expect
      .poll(() =>
        planner.locator('[data-rank-table]').evaluate((t) => t.closest('[data-stacked]') !== null),
      )
      .toBe(true);
    // There the table's head is hidden, and a picker sorts it.
    await planner.getByLabel('Sort by', { exact: true }).selectOption('memory ascending');
    const bytes = () =>
      table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.bytes)));
    await expect
      .poll(async () => {
        const b = await bytes();
        return b.every((v, i) => i === 0 || b[i - 1]! <= v);
      })
      .toBe(true);
    expect(await seriousAxeViolations(page, 'parallel-planner')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
