import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations, type OpenOptions } from './browser';

const base = inject('baseUrl');
/** Lesson 4 holds both widgets; E2E_TRANSFER_PAGE points at another page while it is written. */
const MOVING_DATA = process.env.E2E_TRANSFER_PAGE ?? '#/lesson/moving-data';
/** Lesson 3 holds the PyTorch console. */
const DEVICES = process.env.E2E_CONSOLE_PAGE ?? '#/lesson/devices-in-pytorch';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: true });
});

afterAll(async () => {
  await browser?.close();
});

function open(path: string, options: OpenOptions = {}) {
  return openPage(browser, base + path, options);
}

/** The transfer simulator, once its three starting tensors are on the host. */
async function simulator(page: Page): Promise<Locator> {
  const widget = page.locator('[data-widget="transfer"]');
  await widget.locator('[data-item="bias"][data-place="cpu"]').waitFor({ timeout: 60_000 });
  return widget;
}

/** Types a line into a console input and runs it with Enter. */
async function typeLine(input: Locator, line: string) {
  await input.fill(line);
  await input.press('Enter');
}

describe('transfer simulator', () => {
  it('moves a tensor to the GPU and back with the keyboard, printing the PyTorch lines', async () => {
    const { page, errors, context } = await open(MOVING_DATA);
    const widget = await simulator(page);
    const up = widget.getByRole('button', { name: /^Move bias to GPU$/i });
    await up.focus();
    await page.keyboard.press('Enter');
    await widget.locator('[data-item="bias"][data-place="cuda"]').waitFor();
    // Focus follows the tensor to the GPU side, so the arrow key brings it straight back.
    await widget.getByRole('button', { name: /^Move bias to host$/i }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-action')))
      .toBe('move-bias');
    await page.keyboard.press('ArrowLeft');
    await widget.locator('[data-item="bias"][data-place="cpu"]').waitFor();
    const log = await widget.getByRole('log').textContent();
    expect(log).toContain('bias = bias.to("cuda")');
    expect(log).toContain('bias = bias.to("cpu")');
    expect(log).toMatch(/copied bias, 2\.05 KB host → GPU over PCIe 4\.0 x16: 15\.3 µs modeled/);
    expect(await widget.locator('[data-transfer-status]').textContent()).toMatch(
      /Moved bias to the host/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('animates a pinned non_blocking copy with the pointer and shows it in the timeline table', async () => {
    const { page, errors, context } = await open(MOVING_DATA);
    const widget = await simulator(page);
    await widget.getByRole('radio', { name: 'pinned' }).check();
    await widget.getByLabel('non_blocking=True').check();
    await widget.getByRole('button', { name: /^Move batch to GPU$/i }).click();
    await widget.locator('.flight-h2d').waitFor();
    expect(await widget.locator('.flight-note').textContent()).toMatch(
      /batch: 19\.27 MB in 7\d\d µs modeled, shown 1,000× slower \(asynchronous\)/,
    );
    await widget.locator('[data-item="batch"][data-place="cuda"]').waitFor();
    const log = await widget.getByRole('log').textContent();
    expect(log).toContain('batch = batch.pin_memory()');
    expect(log).toContain('batch = batch.to("cuda", non_blocking=True)');
    expect(await widget.locator('.timeline-compare tr.current th').textContent()).toBe(
      'pinned + non_blocking',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('raises the out-of-memory error when a tensor does not fit the GPU', async () => {
    const { page, context } = await open(MOVING_DATA);
    const widget = await simulator(page);
    await widget.getByLabel(/Simulated GPU/).selectOption('gtx-1650');
    await widget.locator('[data-item="bias"][data-place="cpu"]').waitFor();
    const form = widget.getByRole('form', { name: 'Create a tensor' });
    await form.getByLabel('Name').fill('big');
    await form.getByLabel('Shape').fill('40000, 40000');
    await form.getByRole('button', { name: 'Create' }).click();
    await widget.getByRole('button', { name: /^Move big to GPU$/i }).click();
    await expect
      .poll(() => widget.locator('[data-transfer-status]').textContent())
      .toMatch(
        /^torch\.OutOfMemoryError: CUDA out of memory\. Tried to allocate 5\.96 GiB\. GPU 0 has a total capacity of 4\.00 GiB/,
      );
    await context.close();
  });

  it('measures this device over a small range of sizes, verified, beside the model', async () => {
    const { page, errors, context } = await open(MOVING_DATA);
    const widget = await simulator(page);
    const panel = widget.locator('.measure-panel');
    await panel.getByLabel('Largest size').selectOption(String(1024 * 1024));
    await panel.getByRole('button', { name: 'Measure my device' }).click();
    await widget.locator('[data-bench-status="done"]').waitFor({ timeout: 120_000 });
    expect(await panel.locator('[data-bench-table] tbody tr').count()).toBe(5);
    const text = await panel.textContent();
    expect(text).toMatch(/every read-back byte verified/);
    // SwiftShader here: the panel must say these are copies inside RAM, not a bus.
    expect(text).toMatch(
      /software fallback adapter.*memory copies inside your computer, not a trip over a bus/,
    );
    expect(await panel.locator('.chart-measured circle').count()).toBe(10);
    expect(await panel.locator('.chart-modeled').count()).toBe(3);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows no flight under reduced motion and fits a phone screen', async () => {
    const { page, context } = await open(MOVING_DATA, { reducedMotion: 'reduce', width: 375 });
    const widget = await simulator(page);
    await widget.getByRole('button', { name: /^Move weight to GPU$/i }).click();
    await widget.locator('[data-item="weight"][data-place="cuda"]').waitFor();
    expect(await widget.locator('.flight').count()).toBe(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('PyTorch console', () => {
  it('runs a session with an error, a hint and history on the devices lesson', async () => {
    const { page, errors, context } = await open(DEVICES);
    const widget = page.locator('[data-widget="console"]');
    const input = widget.getByRole('textbox', { name: /Python statement for the PyTorch console/ });
    await input.waitFor({ timeout: 60_000 });
    await typeLine(input, 'import torch');
    await typeLine(input, 'torch.cuda.get_device_name(0)');
    await typeLine(input, 'x = torch.ones(2, 3, device="cuda")');
    await typeLine(input, 'x.numpy()');
    const error = widget.locator('[data-console-error]').last();
    await error.waitFor();
    expect(await error.textContent()).toMatch(
      /^TypeError: can't convert cuda:0 device type tensor to numpy\. Use Tensor\.cpu\(\) to copy the tensor to host memory first\.Hint: /,
    );
    await typeLine(input, 'y = (x @ torch.ones(3, 2, device="cuda") + 1).cpu()');
    await typeLine(input, 'y');
    await expect
      .poll(() => widget.getByRole('log').textContent())
      .toMatch(/tensor\(\[\[4\., 4\.\],\s+\[4\., 4\.\]\]\)/);
    const log = await widget.getByRole('log').textContent();
    expect(log).toContain("'NVIDIA A100 SXM 80 GB'");
    // Each CUDA kernel of that line: modeled on the simulated A100, measured here on WebGPU.
    for (const op of ['mm', 'add']) {
      expect(await widget.locator(`[data-launch="${op}"]`).last().textContent()).toMatch(
        /modeled on NVIDIA A100 SXM 80 GB \(launch overhead dominates\); \S+ [nµm]?s per launch measured on this device with WebGPU/,
      );
    }
    await input.press('ArrowUp');
    expect(await input.inputValue()).toBe('y');
    await input.press('ArrowUp');
    expect(await input.inputValue()).toBe('y = (x @ torch.ones(3, 2, device="cuda") + 1).cpu()');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    expect(await input.inputValue()).toBe('');
    expect(await widget.textContent()).toMatch(/computed with WebGPU on google/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shares its session with the transfer simulator on the moving-data lesson', async () => {
    const { page, context } = await open(MOVING_DATA);
    const widget = await simulator(page);
    const input = widget.getByRole('textbox', {
      name: /Python statement for the transfer simulator/,
    });
    await typeLine(input, 'w2 = weight.to("cuda")');
    await widget.locator('[data-item="w2"][data-place="cuda"]').waitFor();
    // A copy typed in a console flies across the link too.
    await widget.locator('.flight-h2d', { hasText: 'weight' }).waitFor();
    const consoleWidget = page.locator('[data-widget="console"]');
    if ((await consoleWidget.count()) > 0) {
      await expect
        .poll(() => consoleWidget.getByRole('log').textContent())
        .toContain('w2 = weight.to("cuda")');
    }
    await context.close();
  });
});
