import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations, type OpenOptions } from './browser';

const base = inject('baseUrl');
const LESSON = '#/lesson/measuring';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: true });
});

afterAll(async () => {
  await browser?.close();
});

/** Contexts of the current test, closed after it even when it fails half-way. */
const openContexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of openContexts.splice(0)) await context.close();
});

/** Opens the lesson with both widgets and waits for the lab to be ready. */
async function openLab(options: OpenOptions = {}) {
  const { page, errors, context } = await openPage(browser, base + LESSON, options);
  openContexts.push(context);
  const lab = page.locator('[data-widget="kernel-lab"]');
  await page.locator('[data-widget="kernel-lab"][data-status="idle"]').waitFor();
  return { page, lab, errors, context };
}

/** Chooses a kernel and types its size. */
async function choose(lab: Locator, kernel: string, size: number | [number, number, number]) {
  await lab.getByLabel('Kernel', { exact: true }).selectOption(kernel);
  if (Array.isArray(size)) {
    for (const [i, dim] of ['m', 'n', 'k'].entries()) {
      await lab.getByLabel(dim, { exact: true }).fill(String(size[i]));
    }
  } else {
    const label = kernel === 'fma' ? 'Threads' : 'Elements';
    await lab.getByLabel(label, { exact: true }).fill(String(size));
  }
}

/** Waits for the lab to finish (done or error) and returns its status. */
async function settled(page: Page): Promise<string> {
  await page
    .locator('[data-widget="kernel-lab"]:is([data-status="done"], [data-status="error"])')
    .waitFor({ timeout: 120_000 });
  return (await page.locator('[data-widget="kernel-lab"]').getAttribute('data-status')) ?? '';
}

/** Runs one kernel and expects a verified row with a time, and a measured point on the plot. */
async function runAndExpectVerified(page: Page, lab: Locator, kernel: string) {
  await lab.locator('[data-action="run"]').click();
  expect(await settled(page)).toBe('done');
  const row = lab.locator(`[data-result="${kernel}"]`);
  await expect(row.getAttribute('data-verified')).resolves.toBe('true');
  const seconds = Number(await row.locator('[data-seconds]').getAttribute('data-seconds'));
  expect(seconds).toBeGreaterThan(0);
  await expect(
    lab.locator(`[data-point="${kernel}"][data-source="measured"]`).count(),
  ).resolves.toBe(1);
  await expect(
    lab.locator(`[data-point="${kernel}"][data-source="modeled"]`).count(),
  ).resolves.toBe(1);
}

describe('lesson 8: the device card and the kernel lab', () => {
  it('shows what WebGPU reports about the adapter, including that it is a fallback', async () => {
    const { page, errors, context } = await openLab();
    const card = page.locator('[data-widget="device"]');
    await page.locator('[data-widget="device"][data-status="done"]').waitFor();
    await expect(card.textContent()).resolves.toMatch(/swiftshader/);
    await expect(card.locator('[data-fallback]').textContent()).resolves.toMatch(
      /software fallback/,
    );
    await expect(
      card.locator('[data-limit="maxComputeInvocationsPerWorkgroup"]').textContent(),
    ).resolves.toMatch(/maxThreadsPerBlock/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs every kernel: verified results, a plotted point each, the roofs and a reading', async () => {
    const { page, lab, errors, context } = await openLab();
    const runs: Array<[string, number | [number, number, number]]> = [
      ['relu', 65_537],
      ['copy', 65_537],
      ['reduce', 100_003],
      ['matmul-naive', [64, 48, 80]],
      ['matmul-tiled', [64, 48, 80]],
      ['fma', 4096],
    ];
    for (const [kernel, size] of runs) {
      await choose(lab, kernel, size);
      await runAndExpectVerified(page, lab, kernel);
    }
    await expect(lab.locator('[data-result]').count()).resolves.toBe(6);
    // The adapter here is SwiftShader: the reading and the adapter line must say so.
    await expect(lab.locator('[data-reading]').textContent()).resolves.toMatch(/software fallback/);
    await expect(lab.locator('.kl-adapter').getAttribute('data-fallback')).resolves.toBe('true');

    await lab.locator('[data-action="roofs"]').click();
    expect(await settled(page)).toBe('done');
    await expect(lab.locator('[data-roofs]').textContent()).resolves.toMatch(
      /copy kernel .*GB\/s, copyBufferToBuffer .*GB\/s.*FMA .*GFLOP\/s; all outputs checked/,
    );
    for (const roof of ['measured', 'copy-engine', 'modeled']) {
      await expect(lab.locator(`[data-roof="${roof}"]`).count()).resolves.toBe(1);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('predicts each run for this device once its roofs are measured, and keeps a record', async () => {
    const { page, lab, errors, context } = await openLab();
    await choose(lab, 'relu', 65_537);
    await lab.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');
    await expect(lab.locator('[data-forecast-text]').textContent()).resolves.toMatch(
      /measure the roofs first/,
    );
    await expect(lab.locator('[data-record-row]').count()).resolves.toBe(0);

    await lab.locator('[data-action="roofs"]').click();
    expect(await settled(page)).toBe('done');
    await expect(lab.locator('[data-roofs]').textContent()).resolves.toMatch(
      /near-empty dispatch takes .*s/,
    );
    await expect(lab.locator('[data-device-model]').textContent()).resolves.toMatch(
      /your CPU running SwiftShader/,
    );

    // Note every forecast text shown while the run is going, to see the prediction came first.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { forecastsWhileRunning: string[] }).forecastsWhileRunning = seen;
      const note = () => {
        const running = document.querySelector('[data-forecast][data-phase="running"]');
        if (running) seen.push(running.textContent ?? '');
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    await choose(lab, 'relu', 1_048_576);
    await lab.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');
    const whileRunning = await page.evaluate(
      () => (window as unknown as { forecastsWhileRunning: string[] }).forecastsWhileRunning,
    );
    expect(whileRunning.some((t) => /Predicted for this device: .*s \(/.test(t))).toBe(true);
    await expect(lab.locator('[data-outcome]').textContent()).resolves.toMatch(
      /^Measured: .*s\. Error [+−]?\d/,
    );

    const rows = lab.locator('[data-record-row="relu"]');
    await expect(rows.count()).resolves.toBe(1);
    for (const name of ['predicted-seconds', 'measured-seconds', 'error']) {
      const value = await rows.locator(`[data-${name}]`).getAttribute(`data-${name}`);
      expect(value, name).not.toBe('');
      expect(Number.isFinite(Number(value)), `${name}: ${value}`).toBe(true);
    }
    await expect(lab.locator('[data-median]').textContent()).resolves.toMatch(
      /^Median \|error\| over 1 run: .* %/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    await lab.locator('[data-action="clear-record"]').click();
    await expect(lab.locator('[data-record-row]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reduces a size beyond the device limits and says which limit decided it', async () => {
    const { page, lab, context } = await openLab();
    await choose(lab, 'relu', 1_000_000_000);
    await lab.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');
    await expect(lab.locator('[data-notice]').textContent()).resolves.toMatch(
      /^Reduced 1,000,000,000 elements to 33,554,432, the most that fit: .*128 MiB per buffer/,
    );
    await expect(lab.locator('[data-result="relu"]').getAttribute('data-verified')).resolves.toBe(
      'true',
    );
    await context.close();
  });

  it('is keyboard operable and fits a 375 px phone without sideways scrolling', async () => {
    const { page, lab, context } = await openLab({ width: 375, reducedMotion: 'reduce' });
    await choose(lab, 'relu', 4096);
    await lab.getByLabel('Elements', { exact: true }).focus();
    await page.keyboard.press('Enter'); // submits the form
    expect(await settled(page)).toBe('done');
    await expect(lab.locator('[data-result="relu"]').getAttribute('data-verified')).resolves.toBe(
      'true',
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('stays accessible in the dark theme', async () => {
    const { page, lab, context } = await openLab({ colorScheme: 'dark' });
    await choose(lab, 'copy', 4096);
    await lab.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');
    await page.locator('[data-widget="device"][data-status="done"]').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the kernel lab when things go wrong', () => {
  it('reports a device lost mid-run, then runs again on a new device without a reload', async () => {
    const { page, lab, context } = await openLab({
      initScript: () => {
        const devices: GPUDevice[] = [];
        (window as unknown as { labDevices: GPUDevice[] }).labDevices = devices;
        const request = GPUAdapter.prototype.requestDevice;
        GPUAdapter.prototype.requestDevice = async function (this: GPUAdapter, descriptor) {
          const device = await request.call(this, descriptor);
          devices.push(device);
          return device;
        };
      },
    });
    await choose(lab, 'matmul-naive', [256, 256, 256]);
    await lab.locator('[data-action="run"]').click();
    await lab.locator('.kl-activity', { hasText: 'timing batches' }).waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      for (const d of (window as unknown as { labDevices: GPUDevice[] }).labDevices) d.destroy();
    });
    expect(await settled(page)).toBe('error');
    await expect(lab.locator('[data-error]').textContent()).resolves.toMatch(
      /device was lost.*Nothing needs reloading/,
    );
    await choose(lab, 'relu', 1000);
    await runAndExpectVerified(page, lab, 'relu');
    await context.close();
  });

  it('reports a pipeline that WebGPU refuses, then works on the next run', async () => {
    const { page, lab, context } = await openLab({
      initScript: () => {
        const build = GPUDevice.prototype.createComputePipelineAsync;
        let failures = 1;
        GPUDevice.prototype.createComputePipelineAsync = function (this: GPUDevice, descriptor) {
          if (failures-- > 0) return Promise.reject(new Error('stubbed pipeline failure'));
          return build.call(this, descriptor);
        };
      },
    });
    await choose(lab, 'relu', 1000);
    await lab.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('error');
    await expect(lab.locator('[data-error]').textContent()).resolves.toMatch(
      /could not build the ReLU pipeline \(relu_vec4\): stubbed pipeline failure\. Nothing needs reloading/,
    );
    await runAndExpectVerified(page, lab, 'relu');
    await context.close();
  });

  it('cancels a run and stays usable', async () => {
    const { page, lab, context } = await openLab();
    await choose(lab, 'matmul-tiled', [256, 256, 256]);
    await lab.locator('[data-action="run"]').click();
    await lab.locator('.kl-activity', { hasText: 'timing batches' }).waitFor({ timeout: 60_000 });
    await lab.locator('[data-action="cancel"]').click();
    await page.locator('[data-widget="kernel-lab"][data-status="idle"]').waitFor();
    await expect(lab.locator('[data-notice]').textContent()).resolves.toMatch(/Cancelled/);
    await choose(lab, 'copy', 1000);
    await runAndExpectVerified(page, lab, 'copy');
    await context.close();
  });
});
