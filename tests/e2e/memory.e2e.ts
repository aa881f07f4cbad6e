import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations, type OpenOptions } from './browser';

const base = inject('baseUrl');
/** Lesson 5 holds the memory simulator. */
const LESSON = '#/lesson/gpu-memory';
/** Llama 2 7B training with Adam on an RTX 4090: far too big. */
const TOO_BIG = `${LESSON}?memory.net=llama2-7b&memory.gpu=rtx-4090&memory.opt=adam&memory.batch=4&memory.seq=1024`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: false });
});

afterAll(async () => {
  await browser?.close();
});

/** Contexts of the current test, closed after it even when it fails half-way. */
const openContexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of openContexts.splice(0)) await context.close();
});

/** Opens a page and waits for the simulator to replace its placeholder with an answer. */
async function openSimulator(path: string, options: OpenOptions = {}) {
  const { page, errors, context } = await openPage(browser, base + path, options);
  openContexts.push(context);
  const sim = page.locator('section[data-widget="memory"]:not(.widget-placeholder)');
  await sim.locator('.memory-summary, .memory-problem').first().waitFor({ timeout: 60_000 });
  return { page, sim, errors };
}

/** The answer line above the bar. */
function summary(sim: Locator) {
  return sim.locator('.memory-summary').textContent();
}

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

describe('lesson 5: the memory simulator', () => {
  it('shows ResNet-50 at batch 64 in AMP fitting an A100 80 GB, set up with the controls', async () => {
    const { page, sim, errors } = await openSimulator(
      `${LESSON}?memory.net=bert-base&memory.gpu=t4&memory.prec=fp32&memory.batch=8`,
    );
    await sim.getByLabel('Simulated GPU').selectOption('a100-sxm-80gb');
    await sim.getByLabel('Network').selectOption('resnet50');
    await sim.getByLabel('Precision').selectOption('amp-bf16');
    await sim.getByLabel('Batch size').fill('64');
    await expect.poll(() => summary(sim)).toMatch(/^Fits\./);
    const text = (await summary(sim)) ?? '';
    expect(text).toMatch(
      /of the NVIDIA A100 SXM 80 GB’s 80 GiB \([\d.]+ %\), leaving [\d.]+ GiB of headroom\. The largest batch that fits with these settings is [\d,]+\./,
    );
    const bar = sim.getByRole('img', { name: /Peak memory of one step/ });
    await expect(bar.locator('rect[data-part="activations"]').count()).resolves.toBe(1);
    await expect(bar.locator('.memory-bar__capacity').count()).resolves.toBe(1);
    await expect(sim.locator('.memory-bar__overflow').count()).resolves.toBe(0);
    await expect(sim.locator('tr[data-part-row="weight-copies"]').textContent()).resolves.toMatch(
      /AMP weight copies/,
    );
    await expect(sim.getByRole('region', { name: 'Out of memory' }).count()).resolves.toBe(0);
    // Back at the defaults, the link carries no memory settings.
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(LESSON);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows PyTorch’s out-of-memory error and the ranked fixes for Llama 2 7B on an RTX 4090', async () => {
    const { page, sim, errors } = await openSimulator(TOO_BIG);
    expect(await summary(sim)).toMatch(
      /^Does not fit\. The step needs [\d.]+ GiB of the NVIDIA GeForce RTX 4090’s 24 GiB/,
    );
    await expect(sim.locator('.memory-bar__overflow').count()).resolves.toBe(1);
    const oom = sim.getByRole('region', { name: 'Out of memory' });
    await expect(oom.locator('[data-oom-message]').textContent()).resolves.toMatch(
      /^torch\.OutOfMemoryError: CUDA out of memory\. Tried to allocate [\d.]+ MiB\. GPU 0 has a total capacity of 24\.00 GiB of which [\d.]+ MiB is free\. .* is reserved by PyTorch but unallocated\. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True/,
    );
    await expect(oom.textContent()).resolves.toMatch(/modeled equivalent/);
    const fixes = sim.locator('tr[data-fix]');
    await expect(
      fixes.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-fix'))),
    ).resolves.toEqual(['optimizer', 'halve-batch', 'checkpointing', 'all', 'gpu']);
    await expect(sim.locator('tr[data-fix="gpu"]').textContent()).resolves.toMatch(
      /NVIDIA H200 SXM \(141 GiB\)/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is operated with the keyboard: parts explained on focus, a fix applied with Enter', async () => {
    const { page, sim, errors } = await openSimulator(TOO_BIG);
    const legend = sim.getByRole('list', { name: 'Parts of the bar' });
    const optimizer = legend.getByRole('button', { name: /Optimizer state/ });
    await sim.getByLabel('Batch size').focus();
    await tabTo(page, optimizer);
    await expect(sim.locator('[data-explain]').textContent()).resolves.toMatch(
      /^Optimizer state, [\d.]+ GiB: Adam keeps two fp32 moments/,
    );
    await page.keyboard.press('Tab');
    await expect(sim.locator('[data-explain]').textContent()).resolves.toMatch(
      /^AMP weight copies/,
    );
    const apply = sim.getByRole('button', { name: /^Apply: Halve the batch: 4 → 2$/ });
    await tabTo(page, apply);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/memory\.batch=2(&|$)/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className))
      .toBe('memory-summary');
    await expect(
      sim.getByRole('button', { name: /^Apply: Halve the batch: 2 → 1$/ }).count(),
    ).resolves.toBe(1);
    expect(errors).toEqual([]);
  });

  it('builds a network from layers with the keyboard and reports the engine’s errors beside it', async () => {
    const { page, sim, errors } = await openSimulator(`${LESSON}?memory.net=custom`);
    const builder = sim.getByRole('region', { name: 'Your own network' });
    await builder.getByLabel('New layer').selectOption('attention');
    await builder.getByRole('button', { name: 'Add layer' }).press('Enter');
    await expect(builder.locator('.memory-layer').count()).resolves.toBe(4);
    await builder.getByRole('button', { name: 'Move layer 4 (attention) up' }).press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move layer 3 (attention) up');
    const queries = builder.getByLabel('Queries');
    await queries.fill('512');
    await expect(builder.locator('[data-builder-error]').textContent()).resolves.toMatch(
      /^Layer 3 \(attention\): queries \(512\) cannot exceed keys \(128\) under a causal mask/,
    );
    await expect(sim.locator('[data-problem="layers"]').count()).resolves.toBe(1);
    await builder.getByLabel('Causal mask').press('Space');
    await expect.poll(() => summary(sim)).toMatch(/^Fits\./);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('gives the engine’s reason for a precision the GPU lacks, in dark mode without axe violations', async () => {
    const { page, sim, errors } = await openSimulator(`${LESSON}?memory.gpu=t4`, {
      colorScheme: 'dark',
    });
    await expect(sim.locator('[data-problem="precision"]').textContent()).resolves.toMatch(
      /gpu "t4" has no bf16 tensor cores .* so use amp-fp16/,
    );
    await expect(
      sim.getByLabel('Precision').locator('option[value="amp-bf16"]').textContent(),
    ).resolves.toMatch(/not on this GPU/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await sim.getByLabel('Precision').selectOption('amp-fp16');
    await expect.poll(() => summary(sim)).toMatch(/^Fits\./);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('does not animate the bar when the reader asks for reduced motion', async () => {
    const { sim } = await openSimulator(LESSON, { reducedMotion: 'reduce' });
    const seconds = await sim
      .locator('rect[data-part="weights"]')
      .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    expect(seconds).toBeLessThan(0.001);
  });
});
