import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, horizontalOverflow } from './browser';
import { seriousAxeViolations } from './axe';

/** Lesson 4 holds both widgets; E2E_TRANSFER_PAGE points at another page while it is written. */
const MOVING_DATA = process.env.E2E_TRANSFER_PAGE ?? '#/lesson/moving-data';
/**
 * Each widget alone (its embed page): the same component, frame and link settings as in the
 * lessons, at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 * What the two widgets share is tested on lesson 4, which places both.
 */
const TRANSFER = process.env.E2E_TRANSFER_PAGE ?? '#/embed/transfer';
const CONSOLE = process.env.E2E_CONSOLE_PAGE ?? '#/embed/console';
const { open } = browserSuite({ webgpu: true });

/** The transfer simulator, once its three starting tensors are on the host. */
async function simulator(page: Page): Promise<Locator> {
  const widget = page.locator('[data-widget="transfer"]');
  await widget.locator('[data-item="bias"][data-place="cpu"]').waitFor({ timeout: 60_000 });
  return widget;
}

/**
 * Starts noting the text of every flight on the link and of its note (a flight lasts 150 ms to
 * 4 s, too brief to be sure to catch by looking); returns what has been noted so far.
 */
async function noteFlights(widget: Locator): Promise<() => Promise<string[]>> {
  await widget.evaluate((el) => {
    const seen: string[] = [];
    (window as unknown as { flights: string[] }).flights = seen;
    new MutationObserver(() => {
      for (const f of el.querySelectorAll('.flight-h2d, .flight-note')) {
        if (!seen.includes(f.textContent ?? '')) seen.push(f.textContent ?? '');
      }
    }).observe(el, { subtree: true, childList: true, characterData: true });
  });
  return () => widget.page().evaluate(() => (window as unknown as { flights: string[] }).flights);
}

/** Types a line into a console input and runs it with Enter. */
async function typeLine(input: Locator, line: string) {
  await input.fill(line);
  await input.press('Enter');
}

describe('transfer simulator', () => {
  it('moves a tensor to the GPU and back with the keyboard, printing the PyTorch lines', async () => {
    const { page, errors } = await open(TRANSFER);
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
    await expect.poll(() => widget.getByRole('log').textContent()).toContain('bias.to("cpu")');
    const log = await widget.getByRole('log').textContent();
    expect(log).toContain('bias = bias.to("cuda")');
    expect(log).toContain('bias = bias.to("cpu")');
    expect(log).toMatch(/copied bias, 2\.05 KB host → GPU over PCIe 4\.0 x16: 15\.3 µs modeled/);
    await expect
      .poll(() => widget.locator('[data-transfer-status]').textContent())
      .toMatch(/Moved bias to the host/);
    expect(errors).toEqual([]);
  });

  it('animates a pinned non_blocking copy with the pointer and shows it in the timeline table', async () => {
    const { page, errors } = await open(TRANSFER);
    const widget = await simulator(page);
    await widget.getByRole('radio', { name: 'pinned' }).check();
    await widget.getByLabel('non_blocking=True').check();
    const flights = await noteFlights(widget);
    await widget.getByRole('button', { name: /^Move batch to GPU$/i }).click();
    await expect
      .poll(flights)
      .toContainEqual(
        expect.stringMatching(
          /^batch: 19\.27 MB in 7\d\d µs modeled, shown 1,000× slower \(asynchronous\)$/,
        ),
      );
    expect(await flights()).toContain('batch');
    await widget.locator('[data-item="batch"][data-place="cuda"]').waitFor();
    const log = widget.getByRole('log');
    await expect.poll(() => log.textContent()).toContain('batch.to("cuda", non_blocking=True)');
    expect(await log.textContent()).toContain('batch = batch.pin_memory()');
    expect(await log.textContent()).toContain('batch = batch.to("cuda", non_blocking=True)');
    await expect
      .poll(() => widget.locator('.timeline-compare tr.current th').textContent())
      .toBe('pinned + non_blocking');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('measures this device over a small range of sizes, verified, beside the model', async () => {
    const { page, errors } = await open(TRANSFER);
    const widget = await simulator(page);
    const panel = widget.locator('.measure-panel');
    await panel.getByLabel('Largest size').selectOption(String(1024 * 1024));
    await panel.getByRole('button', { name: 'Measure my device' }).click();
    await widget.locator('[data-bench-status="done"]').waitFor({ timeout: 120_000 });
    await expect.poll(() => panel.locator('[data-bench-table] tbody tr').count()).toBe(5);
    const text = await panel.textContent();
    expect(text).toMatch(/every read-back byte verified/);
    // SwiftShader here: the panel must say these are copies inside RAM, not a bus.
    expect(text).toMatch(
      /software fallback adapter.*memory copies inside your computer, not a trip over a bus/,
    );
    await expect.poll(() => panel.locator('.chart-measured circle').count()).toBe(10);
    await expect.poll(() => panel.locator('.chart-modeled').count()).toBe(3);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows no flight under reduced motion and fits a phone screen', async () => {
    const { page } = await open(TRANSFER, { reducedMotion: 'reduce', width: 375 });
    const widget = await simulator(page);
    await widget.getByRole('button', { name: /^Move weight to GPU$/i }).click();
    await widget.locator('[data-item="weight"][data-place="cuda"]').waitFor();
    await expect.poll(() => widget.locator('.flight').count()).toBe(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

describe('PyTorch console', () => {
  it('runs a session with an error, a hint and history', async () => {
    const { page, errors } = await open(CONSOLE);
    const widget = page.locator('[data-widget="console"]');
    const input = widget.getByRole('textbox', { name: /Python statement for the PyTorch console/ });
    await input.waitFor({ timeout: 60_000 });
    await typeLine(input, 'import torch');
    await typeLine(input, 'torch.cuda.get_device_name(0)');
    await typeLine(input, 'x = torch.ones(2, 3, device="cuda")');
    await typeLine(input, 'x.numpy()');
    const error = widget.locator('[data-console-error]').last();
    await error.waitFor();
    await expect
      .poll(() => error.textContent())
      .toMatch(
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
      await expect
        .poll(() => widget.locator(`[data-launch="${op}"]`).last().textContent())
        .toMatch(
          /modeled on NVIDIA A100 SXM 80 GB \(launch overhead dominates\); \S+ [nµm]?s per launch measured on this device with WebGPU/,
        );
    }
    await input.press('ArrowUp');
    await expect.poll(() => input.inputValue()).toBe('y');
    await input.press('ArrowUp');
    await expect
      .poll(() => input.inputValue())
      .toBe('y = (x @ torch.ones(3, 2, device="cuda") + 1).cpu()');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await expect.poll(() => input.inputValue()).toBe('');
    await expect.poll(() => widget.textContent()).toMatch(/computed with WebGPU on google/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shares its session with the transfer simulator on the moving-data lesson', async () => {
    const { page } = await open(MOVING_DATA);
    const widget = await simulator(page);
    const input = widget.getByRole('textbox', {
      name: /Python statement for the transfer simulator/,
    });
    // A copy typed in a console flies across the link too.
    const flights = await noteFlights(widget);
    await typeLine(input, 'w2 = weight.to("cuda")');
    await widget.locator('[data-item="w2"][data-place="cuda"]').waitFor();
    await expect.poll(flights).toContainEqual(expect.stringContaining('weight'));
    const consoleWidget = page.locator('[data-widget="console"]');
    if ((await consoleWidget.count()) > 0) {
      await expect
        .poll(() => consoleWidget.getByRole('log').textContent())
        .toContain('w2 = weight.to("cuda")');
    }
  });
});
