import { describe, expect, it } from 'vitest';
import { browserSuite, collectErrors, horizontalOverflow, loadedWidget, tabTo } from './browser';
import { seriousAxeViolationsInBothThemes } from './axe';

/**
 * Lesson 8 places the machine widget after the calibration snippet, the network profile and the
 * warp view; the memory and transfer simulators are opened alone (their embed pages).
 */
const MEASURING = '#/lesson/measuring';
const suite = browserSuite({ webgpu: false });

/** The example report, typed as a learner would paste it. */
const REPORT = JSON.stringify({
  gpu: 'NVIDIA H200',
  sms: 132,
  computeCapability: '9.0',
  memoryBytes: 139 * 2 ** 30,
  torch: '2.11.0+cu130',
  cuda: '13.0',
  hostOpSeconds: 8.49e-6,
  bf16MatmulFlopsPerSecond: 677.7e12,
  fp32MatmulFlopsPerSecond: 49.46e12,
  copyBytesPerSecond: 4156e9,
  pinnedH2dBytesPerSecond: 54.67e9,
  pageableH2dBytesPerSecond: 5.913e9,
});

describe('my machine in the catalog', () => {
  it('is entered by keyboard, kept across pages, predicts in three widgets, and is removable', async () => {
    const { page, context, errors, widget } = await suite.openWidget(MEASURING, 'my-machine');
    const text = widget.getByLabel('Calibration report (JSON)');
    await text.focus();
    await page.keyboard.insertText(REPORT);
    await tabTo(page, widget.getByRole('button', { name: 'Add my machine' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => widget.getAttribute('data-status')).toBe('done');
    const entry = widget.getByTestId('mm-entry');
    await expect.poll(() => entry.locator('h3').textContent()).toBe('My machine (NVIDIA H200)');
    await expect
      .poll(() => widget.getByTestId('mm-sample').textContent())
      .toMatch(/host sets the pace/);
    expect(await seriousAxeViolationsInBothThemes(page, 'my-machine')).toEqual({
      light: [],
      dark: [],
    });

    // The network profile on the same page offers it, and takes its measured host time.
    const profile = await loadedWidget(page, 'network-profile');
    await profile.getByLabel('Simulated GPU').selectOption('my-machine');
    await expect
      .poll(() => profile.getByLabel('Host time per eager op (µs)').inputValue())
      .toBe('8.49');

    // Another page of this browser has it (a fresh document: the store is read back from
    // storage), from a link too. The memory and transfer widgets alone (their embed pages)
    // share the lessons' store and link code; nothing of their lessons is read here.
    const other = await context.newPage();
    const otherErrors = collectErrors(other);
    await other.goto(
      `${suite.base}#/embed/memory?memory.gpu=my-machine&memory.net=resnet50&memory.prec=amp-bf16&memory.batch=64`,
    );
    const memory = await loadedWidget(other, 'memory');
    await expect
      .poll(() => memory.locator('.memory-summary').textContent())
      .toMatch(/of the My machine \(NVIDIA H200\)’s 139 GiB/);

    await other.goto(`${suite.base}#/embed/transfer`);
    const transfer = await loadedWidget(other, 'transfer');
    await transfer.getByLabel('Simulated GPU').selectOption('my-machine');
    await expect
      .poll(() => transfer.getByLabel('Link', { exact: true }).inputValue())
      .toBe('my-machine');
    await expect
      .poll(() => transfer.getByRole('region', { name: 'Host-device link' }).textContent())
      .toMatch(/My machine’s host link \(measured\).*5\.9 GB\/s/);
    expect(otherErrors).toEqual([]);
    await other.close();

    // Removed while a widget on the page uses it (the profile, still on it): that widget goes
    // back to its usual GPU.
    const profileGpu = profile.getByLabel('Simulated GPU');
    await expect.poll(() => profileGpu.inputValue()).toBe('my-machine');
    await widget.getByRole('button', { name: 'Remove my machine' }).click();
    await expect.poll(() => widget.getAttribute('data-status')).toBe('idle');
    await expect.poll(() => profileGpu.inputValue()).not.toBe('my-machine');
    expect(await profileGpu.locator('option[value="my-machine"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('names what is wrong with an absurd report, and fits a phone screen; the lesson’s warp view keeps its props and stays still under reduced motion', async () => {
    const { page, errors, widget } = await suite.openWidget(MEASURING, 'my-machine', {
      width: 375,
      reducedMotion: 'reduce',
    });
    await widget.scrollIntoViewIfNeeded();
    await widget.getByLabel('Calibration report (JSON)').fill('{"gpu": "<b>x</b>", "sms": 1e9}');
    await widget.getByRole('button', { name: 'Add my machine' }).click();
    await expect.poll(() => widget.getAttribute('data-status')).toBe('error');
    const problems = widget.getByTestId('mm-problems');
    await expect.poll(() => problems.textContent()).toMatch(/"sms" is 1000000000 SMs, outside/);
    await expect.poll(() => problems.textContent()).toMatch(/"hostOpSeconds" is missing/);
    await widget.getByRole('button', { name: 'Use the H200 example' }).click();
    await widget.getByTestId('mm-entry').waitFor();

    // The warp view further down takes lesson 8's props (stride={8} branch="half"), read on this
    // load rather than on one of its own; its panels need no WebGPU.
    const warp = await loadedWidget(page, 'warp');
    const sectors = warp.locator('[data-panel="coalescing"] [data-sectors]');
    await expect.poll(async () => Number(await sectors.getAttribute('data-sectors'))).toBe(32);
    expect(Number(await sectors.getAttribute('data-share'))).toBe(0.125);
    expect(await warp.getByRole('radio', { checked: true }).getAttribute('value')).toBe('half');
    expect(Number(await warp.locator('[data-simt]').getAttribute('data-simt'))).toBe(0.5);
    // Its lanes animate only without reduced motion, and the site shortens every transition to
    // a hundredth of a millisecond or less.
    const transition = await warp
      .locator('.warp-lane')
      .first()
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(Number.parseFloat(transition)).toBeLessThan(0.001);

    expect(await widget.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
