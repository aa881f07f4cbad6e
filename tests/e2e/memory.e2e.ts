import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserSuite, horizontalOverflow, tabTo } from './browser';
import { seriousAxeViolations } from './axe';
import { clippedWidgetControls, tablesScrollingSideways } from './widget-layout';

/**
 * The memory simulator alone (its embed page): the same component, frame and link settings as in lesson 5,
 * at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 */
const WIDGET = '#/embed/memory';
/** Llama 2 7B training with Adam on an RTX 4090: far too big. */
const TOO_BIG = `${WIDGET}?memory.net=llama2-7b&memory.gpu=rtx-4090&memory.opt=adam&memory.batch=4&memory.seq=1024`;
const { openWidget } = browserSuite({ webgpu: false });

/** Opens a page once the simulator has replaced its placeholder with an answer. */
const openSimulator = (path: string, options: Parameters<typeof openWidget>[2] = {}) =>
  openWidget(path, 'memory', { ...options, ready: '.memory-summary, .memory-problem' });

/** The answer line above the bar. */
function summary(sim: Locator) {
  return sim.locator('.memory-summary').textContent();
}

describe('lesson 5: the memory simulator', () => {
  // The default step itself (bar, table, no overflow) is checked in MemorySimulator.test.tsx, and
  // axe-checked as lesson 5 first renders it in all-lessons.e2e.ts: this test is about the controls.
  it('is set up with the controls: back at the defaults, the link carries no memory settings; on a phone its parts table fits and its step bar stays above the chart', async () => {
    const {
      page,
      widget: sim,
      errors,
    } = await openSimulator(
      `${WIDGET}?memory.net=bert-base&memory.gpu=t4&memory.prec=fp32&memory.batch=8`,
    );
    await sim.getByLabel('Simulated GPU').selectOption('a100-sxm-80gb');
    await sim.getByLabel('Network').selectOption('resnet50');
    await sim.getByLabel('Precision').selectOption('amp-bf16');
    await sim.getByLabel('Batch size').fill('64');
    // Back at the defaults, the link carries no memory settings: every change has landed.
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(WIDGET);
    await expect
      .poll(() => summary(sim))
      .toMatch(
        /^Fits\. The step’s peak takes [\d.]+ GiB of the NVIDIA A100 SXM 80 GB’s 80 GiB \([\d.]+ %\)/,
      );
    // In fp32 autocast makes no 16-bit copies: this row shows the precision change landed too.
    await expect
      .poll(() => sim.locator('tr[data-part-row="weight-copies"]').textContent())
      .toMatch(/^AMP weight copies.*Autocast casts each matrix weight to a 16-bit copy/);

    // The same step on a phone, as lesson 5 first shows it. The parts table is three short
    // columns (what each part holds is folded under its name) and fits without scrolling.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForFunction(() => window.innerWidth === 375);
    await expect.poll(() => tablesScrollingSideways(page)).toEqual([]);
    const parts = sim.getByRole('table', { name: /The peak of one step, part by part/ });
    expect(await parts.locator('thead th').allTextContents()).toEqual([
      'Part',
      'Size',
      'Of the GPU',
    ]);
    const what = parts.locator('tr[data-part-row="weights"] details');
    await what.locator('summary').click();
    await expect.poll(() => what.getAttribute('open')).toBe('');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // The step buttons stay in view above the chart they drive: with the chart in the middle of
    // the screen (the code and the counters, some 700 px, lie between them in the page), the
    // bar is on screen above it, and a tap on it moves the chart's current event.
    const chart = sim.locator('.memstep-chart');
    await chart.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const next = sim.getByRole('button', { name: 'Next event ▶' });
    await expect
      .poll(async () => {
        const [bar, plot] = [await next.boundingBox(), await chart.boundingBox()];
        return !!bar && !!plot && bar.y >= 0 && bar.y + bar.height <= plot.y;
      })
      .toBe(true);
    const now = () => sim.locator('.memstep-now').getAttribute('x1');
    const before = await now();
    await next.click();
    await expect.poll(() => sim.locator('.memstep-slider output').textContent()).toMatch(/^2 of /);
    expect(await now()).not.toBe(before);
    expect(await clippedWidgetControls(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows PyTorch’s out-of-memory error and the ranked fixes for Llama 2 7B on an RTX 4090, operated with the keyboard, stacked on a phone', async () => {
    const { page, widget: sim, errors } = await openSimulator(TOO_BIG);
    await expect
      .poll(() => summary(sim))
      .toMatch(/^Does not fit\. The step needs [\d.]+ GiB of the NVIDIA GeForce RTX 4090’s 24 GiB/);
    await expect.poll(() => sim.locator('.memory-bar__overflow').count()).toBe(1);
    const oom = sim.getByRole('region', { name: 'Out of memory' });
    await expect
      .poll(() => oom.locator('[data-oom-message]').textContent())
      .toMatch(
        /^torch\.OutOfMemoryError: CUDA out of memory\. Tried to allocate [\d.]+ MiB\. GPU 0 has a total capacity of 24\.00 GiB of which [\d.]+ MiB is free\. .* is reserved by PyTorch but unallocated\. If reserved but unallocated memory is large try setting PYTORCH_ALLOC_CONF=expandable_segments:True/,
      );
    await expect.poll(() => oom.textContent()).toMatch(/modeled equivalent/);
    const fixes = sim.locator('tr[data-fix]');
    await expect
      .poll(() => fixes.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-fix'))))
      .toEqual(['optimizer', 'halve-batch', 'checkpointing', 'all', 'gpu']);
    await expect
      .poll(() => sim.locator('tr[data-fix="gpu"]').textContent())
      .toMatch(/NVIDIA H200 SXM \(141 GiB\)/);
    expect(await seriousAxeViolations(page, 'memory')).toEqual([]);

    // The same page with the keyboard: parts explained on focus, a fix applied with Enter.
    const legend = sim.getByRole('list', { name: 'Parts of the bar' });
    const optimizer = legend.getByRole('button', { name: /Optimizer state/ });
    await sim.getByLabel('Batch size').focus();
    await tabTo(page, optimizer);
    await expect
      .poll(() => sim.locator('[data-explain]').textContent())
      .toMatch(/^Optimizer state, [\d.]+ GiB: Adam keeps two fp32 moments/);
    // Tab moves to the next part of the legend, which explains itself in turn (which part comes
    // next depends on what is alive at the peak).
    await page.keyboard.press('Tab');
    await expect
      .poll(() => sim.locator('[data-explain]').textContent())
      .toMatch(/^(?!Optimizer state)[A-Z][\w ()]+, [\d.,]+ (?:[KMGT]i)?B: /);
    const apply = sim.getByRole('button', { name: /^Apply: Halve the batch: 4 → 2$/ });
    await tabTo(page, apply);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/memory\.batch=2(&|$)/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className))
      .toBe('memory-summary');
    await expect
      .poll(() => sim.getByRole('button', { name: /^Apply: Halve the batch: 2 → 1$/ }).count())
      .toBe(1);

    // On a phone the fixes' six columns do not fit: each fix becomes a card whose figures carry
    // their column's name, with its Apply button in reach, and the page does not scroll sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForFunction(() => window.innerWidth === 375);
    const fixesBox = sim.locator('.table-scroll:has(.memory-fixes-table)');
    await expect.poll(() => fixesBox.getAttribute('data-stacked')).toBe('');
    expect(
      await fixesBox
        .locator('tr[data-fix="gpu"] td')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-label'))),
    ).toEqual(['Peak after', 'Saves', 'Fits?', 'Step time', null]);
    expect(await tablesScrollingSideways(page)).toEqual([]);
    expect(await clippedWidgetControls(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'memory')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('builds a network from layers with the keyboard and reports the engine’s errors beside it', async () => {
    const { page, widget: sim, errors } = await openSimulator(`${WIDGET}?memory.net=custom`);
    const builder = sim.getByRole('region', { name: 'Your own network' });
    await builder.getByLabel('New layer').selectOption('attention');
    await builder.getByRole('button', { name: 'Add layer' }).press('Enter');
    await expect.poll(() => builder.locator('.memory-layer').count()).toBe(4);
    await builder.getByRole('button', { name: 'Move layer 4 (attention) up' }).press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move layer 3 (attention) up');
    const queries = builder.getByLabel('Queries');
    await queries.fill('512');
    await expect
      .poll(() => builder.locator('[data-builder-error]').textContent())
      .toMatch(
        /^Layer 3 \(attention\): queries \(512\) cannot exceed keys \(128\) under a causal mask/,
      );
    await expect.poll(() => sim.locator('[data-problem="layers"]').count()).toBe(1);
    await builder.getByLabel('Causal mask').press('Space');
    await expect.poll(() => summary(sim)).toMatch(/^Fits\./);
    expect(await seriousAxeViolations(page, 'memory')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('gives the engine’s reason for a precision the GPU lacks, in dark mode without axe violations', async () => {
    const {
      page,
      widget: sim,
      errors,
    } = await openSimulator(`${WIDGET}?memory.gpu=t4`, {
      colorScheme: 'dark',
    });
    await expect
      .poll(() => sim.locator('[data-problem="precision"]').textContent())
      .toMatch(/gpu "t4" has no bf16 tensor cores .* so use amp-fp16/);
    await expect
      .poll(() => sim.getByLabel('Precision').locator('option[value="amp-bf16"]').textContent())
      .toMatch(/not on this GPU/);
    expect(await seriousAxeViolations(page, 'memory')).toEqual([]);
    await sim.getByLabel('Precision').selectOption('amp-fp16');
    await expect.poll(() => summary(sim)).toMatch(/^Fits\./);
    expect(await seriousAxeViolations(page, 'memory')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('does not animate the bar when the reader asks for reduced motion', async () => {
    const { widget: sim } = await openSimulator(WIDGET, { reducedMotion: 'reduce' });
    const seconds = await sim
      .locator('rect[data-part="weights"]')
      .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    expect(seconds).toBeLessThan(0.001);
  });
  it('reads a pasted print(model): the ResNet-50 example predicts a step, junk gives a message', async () => {
    const {
      page,
      widget: sim,
      errors,
    } = await openSimulator(`${WIDGET}?memory.net=print`, {
      width: 375,
    });
    const status = sim.locator('[data-print-status]');
    await expect.poll(() => status.textContent()).toMatch(/^Paste a print\(model\)/);
    await sim.getByRole('button', { name: 'Paste an example: torchvision ResNet-50' }).click();
    await expect
      .poll(() => sim.locator('[data-print-params]').textContent())
      .toBe('25,557,032 parameters');
    await expect.poll(() => sim.locator('[data-print-model]').textContent()).toBe('ResNet');
    await expect.poll(() => summary(sim)).toMatch(/^Fits\. The step’s peak takes [\d.]+ GiB/);
    // The pasted text is not in the link.
    expect(await page.evaluate(() => location.hash)).not.toContain('conv1');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'memory')).toEqual([]);

    const box = sim.getByLabel('The output of print(model)');
    await box.fill('<img src=x onerror="window.pwned=1"> not a model');
    await expect.poll(() => status.textContent()).toMatch(/^Could not read this text: /);
    await expect.poll(() => sim.locator('[data-print-stale]').count()).toBe(1);
    await expect.poll(() => summary(sim)).toMatch(/^Fits\./);
    expect(await sim.locator('img').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
