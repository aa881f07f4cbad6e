import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserSuite, horizontalOverflow, tabTo } from './browser';
import { seriousAxeViolations } from './axe';

/**
 * The profile alone (its embed page): the same component, frame and link settings as in the
 * lesson, at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts;
 * where lesson 8 places the profile is checked in kernel-lab.e2e.ts, on the same page).
 */
const WIDGET = '#/embed/network-profile';
const { openWidget } = browserSuite({ webgpu: false });

/** Opens a page once the profile has replaced its placeholder with an answer. */
const openProfile = (path: string, options: Parameters<typeof openWidget>[2] = {}) =>
  openWidget(path, 'network-profile', { ...options, ready: '[data-summary], [data-problem]' });

/** The table's rows: their keys and modeled seconds, top to bottom. */
async function tableRows(widget: Locator) {
  return widget.locator('[data-profile-table] tbody tr').evaluateAll((rows) =>
    rows.map((r) => ({
      key: r.getAttribute('data-row'),
      seconds: Number(r.getAttribute('data-seconds')),
    })),
  );
}

/** True when the seconds never rise from one row to the next. */
function descending(rows: ReadonlyArray<{ seconds: number }>): boolean {
  return rows.every((row, i) => i === 0 || row.seconds <= (rows[i - 1]?.seconds ?? Infinity));
}

describe('lesson 8: where the time goes', () => {
  // The LSTM's serial loop and the sweep following typed lengths need no real browser: they are
  // checked in NetworkProfile.test.tsx.
  it('draws the host and GPU lanes, and what torch.compile and a fused optimizer buy', async () => {
    const { page, widget, errors } = await openProfile(
      `${WIDGET}?network-profile.net=bert-base&network-profile.gpu=h200-sxm`,
    );
    const sentence = widget.locator('[data-idle-sentence]');
    await expect
      .poll(() => sentence.textContent())
      .toMatch(/^The GPU waits for Python \d+ % of this step/);
    const lanes = widget.getByRole('img', { name: /One step on two lanes, host and GPU/ });
    await expect.poll(() => lanes.locator('[data-lane="host"] rect[data-phase]').count()).toBe(4);
    await expect.poll(() => widget.locator('[data-changes] td[data-change]').count()).toBe(8);
    await widget.getByLabel('Execution').selectOption('compiled');
    await expect
      .poll(() => sentence.textContent())
      .toMatch(/^The host keeps ahead: the GPU is busy/);
    await widget.getByRole('checkbox', { name: /Fused optimizer/ }).check();
    await expect
      .poll(() => widget.locator('[data-changes] td[data-current]').getAttribute('data-change'))
      .toBe('compiled+fused');
    await expect
      .poll(() => page.evaluate(() => location.hash))
      .toMatch(/network-profile\.exec=compiled.*network-profile\.fused=true/);
    expect(await seriousAxeViolations(page, 'network-profile')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is operated with the keyboard: the step, the grouping and the sideways-scrolling table', async () => {
    const { page, widget, errors } = await openProfile(WIDGET);
    const training = widget.getByRole('radio', { name: 'Training step' });
    await widget.getByLabel('Network').focus();
    await tabTo(page, training);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => widget.getByRole('radio', { name: 'Inference' }).isChecked())
      .toBe(true);
    await expect
      .poll(() => widget.locator('[data-summary]').textContent())
      .toMatch(/^One inference forward pass of ResNet-50/);
    await expect.poll(() => widget.locator('tr[data-row="optimizer"]').count()).toBe(0);

    const group = widget.getByRole('checkbox', { name: 'Group layers of the same kind' });
    await tabTo(page, group);
    await page.keyboard.press('Space');
    await expect
      .poll(() => widget.locator('[data-profile-table]').getAttribute('data-grouped'))
      .toBe('false');
    const rows = await tableRows(widget);
    expect(rows).toHaveLength(10);
    expect(descending(rows)).toBe(true);
    expect(rows.some((r) => r.key === 'conv2d')).toBe(false);

    const table = widget.getByRole('region', { name: /Profile table/ });
    await tabTo(page, table);
    await expect
      .poll(() => page.evaluate(() => location.hash))
      .toMatch(/network-profile\.mode=inference.*network-profile\.group=false/);
    expect(errors).toEqual([]);
  });

  it('reports a bad link and a precision the GPU lacks, axe-clean in dark mode', async () => {
    const { page, widget, errors } = await openProfile(
      `${WIDGET}?network-profile.net=alexnet&network-profile.batch=-3&network-profile.gpu=t4&network-profile.prec=tf32&network-profile.exec=warp&network-profile.host-us=abc`,
      { colorScheme: 'dark' },
    );
    await expect
      .poll(() => widget.locator('.widget-notices').textContent())
      .toMatch(
        /Some settings were adjusted:.*Network.*"alexnet".*Execution.*"warp".*Host time per op/,
      );
    await expect.poll(() => widget.getAttribute('data-status')).toBe('error');
    await expect
      .poll(() => widget.getByRole('alert').textContent())
      .toMatch(/^No profile for these settings: gpu "t4" has no TF32 tensor cores/);
    await widget.getByLabel('Precision').selectOption('amp-fp16');
    await expect.poll(() => widget.getAttribute('data-status')).toBe('done');
    expect(descending(await tableRows(widget))).toBe(true);
    expect(await seriousAxeViolations(page, 'network-profile')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fits a phone screen with the LSTM and a transformer, axe-clean in dark mode', async () => {
    const { page, widget, errors } = await openProfile(
      `${WIDGET}?network-profile.net=lstm-2x1024`,
      {
        width: 375,
        colorScheme: 'dark',
      },
    );
    await expect.poll(() => widget.locator('[data-serial]').count()).toBe(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'network-profile')).toEqual([]);
    // A transformer on the same page: the serial loop gives way to the attention sweep.
    await widget.getByLabel('Network').selectOption('gpt2-124m');
    await expect.poll(() => widget.locator('[data-sweep]').count()).toBe(1);
    await expect.poll(() => widget.locator('[data-serial]').count()).toBe(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'network-profile')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('profiles a pasted print(model): the ResNet-50 example, then junk gives a message', async () => {
    const { page, widget, errors } = await openProfile(`${WIDGET}?network-profile.net=print`, {
      width: 375,
    });
    const status = widget.locator('[data-print-status]');
    await expect.poll(() => status.textContent()).toMatch(/^Paste a print\(model\)/);
    await widget.getByRole('button', { name: 'Paste an example: torchvision ResNet-50' }).click();
    await expect
      .poll(() => widget.locator('[data-print-params]').textContent())
      .toBe('25,557,032 parameters');
    await expect
      .poll(() => widget.locator('[data-summary]').textContent())
      .toMatch(/^One training step of ResNet at batch [\d,]+ on the .* takes /);
    await expect.poll(async () => (await tableRows(widget)).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => location.hash)).not.toContain('conv1');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'network-profile')).toEqual([]);

    await widget.getByLabel('The output of print(model)').fill('<b>not</b> a model');
    await expect.poll(() => status.textContent()).toMatch(/^Could not read this text: /);
    await expect
      .poll(() => widget.locator('[data-summary]').textContent())
      .toMatch(/of ResNet at batch/);
    expect(await widget.locator('b').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
