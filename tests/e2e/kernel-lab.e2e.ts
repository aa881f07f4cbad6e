import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  browserSuite,
  horizontalOverflow,
  loadedWidget,
  settledWidget,
  widgetStatus,
} from './browser';
import { seriousAxeViolationsInBothThemes } from './axe';
import { clippedWidgetControls, cutOptionLabels, tablesScrollingSideways } from './widget-layout';

/** Lesson 8, which places the device card and the kernel lab. */
const LESSON = '#/lesson/measuring';
/**
 * The lab alone (its embed page): the same component, frame and link settings as in the lesson,
 * at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 */
const WIDGET = '#/embed/kernel-lab';
const { openWidget } = browserSuite({ webgpu: true });

/** Opens the lab (alone, or in `path`) once it is ready. */
const openLab = (options: Parameters<typeof openWidget>[2] = {}, path = WIDGET) =>
  openWidget(path, 'kernel-lab', { ...options, status: 'idle' });

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
const settled = (page: Page) => settledWidget(page, 'kernel-lab');

/** Runs one kernel and expects a verified row with a time, and a measured point on the plot. */
async function runAndExpectVerified(page: Page, lab: Locator, kernel: string) {
  await lab.locator('[data-action="run"]').click();
  expect(await settled(page)).toBe('done');
  const row = lab.locator(`[data-result="${kernel}"]`);
  await expect.poll(() => row.getAttribute('data-verified')).toBe('true');
  const seconds = Number(await row.locator('[data-seconds]').getAttribute('data-seconds'));
  expect(seconds).toBeGreaterThan(0);
  await expect
    .poll(() => lab.locator(`[data-point="${kernel}"][data-source="measured"]`).count())
    .toBe(1);
  await expect
    .poll(() => lab.locator(`[data-point="${kernel}"][data-source="modeled"]`).count())
    .toBe(1);
}

describe('lesson 8: the device card and the kernel lab', () => {
  it('shows what WebGPU reports about the adapter, including that it is a fallback; places the network profile', async () => {
    const { page, errors } = await openLab({}, LESSON);
    const card = page.locator('[data-widget="device"]');
    await widgetStatus(page, 'device', 'done');
    await expect.poll(() => card.textContent()).toMatch(/swiftshader/);
    await expect
      .poll(() => card.locator('[data-fallback]').textContent())
      .toMatch(/software fallback/);
    await expect
      .poll(() => card.locator('[data-limit="maxComputeInvocationsPerWorkgroup"]').textContent())
      .toMatch(/maxThreadsPerBlock/);

    // The same page places the network profile right after the paragraphs on the profiler
    // table's columns and on reading its CPU time (a wait is not host work), and its own lead-in
    // (what it shows is checked in NetworkProfile.test.tsx).
    const profile = await loadedWidget(page, 'network-profile');
    const paragraphsBefore = await profile.evaluate((el) => {
      const texts: string[] = [];
      for (let p = el.previousElementSibling; p && texts.length < 3; p = p.previousElementSibling) {
        if (p.tagName === 'P') texts.push(p.textContent ?? '');
      }
      return texts;
    });
    expect(paragraphsBefore[0]).toMatch(/^You can read such a table before you have the GPU/);
    expect(paragraphsBefore[1]).toMatch(/^The waiting is what makes the CPU column treacherous/);
    expect(paragraphsBefore[2]).toMatch(/^The table's columns answer different questions/);
    // Axe: this page as it first renders is checked whole, in both themes, by all-lessons.e2e.ts.
    expect(errors).toEqual([]);
  });

  it('runs every kernel verified and plotted, predicts runs once the roofs are measured, and keeps a record', async () => {
    const { page, widget: lab, errors } = await openLab();
    // Node checks every lab kernel's output on WebGPU (src/gpu/**/*.gpu.test.ts) and
    // plot-data.test.ts gives each modeled points; Chromium runs: relu (before the roofs, for the
    // forecast), the sum and the kernel with workgroup memory and barriers. The copy and FMA
    // kernels run and are checked in the roofs below; the naive matmul in async-timing.e2e.ts.
    // Every text the progress line shows, to see that it says what the run is doing.
    await page.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { activityShown: string[] }).activityShown = shown;
      new MutationObserver(() => {
        const text = document.querySelector('.kl-activity')?.textContent ?? '';
        if (text !== '' && shown.at(-1) !== text) shown.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const runs: Array<[string, number | [number, number, number]]> = [
      ['relu', 65_537],
      ['reduce', 100_003],
      ['matmul-tiled', [64, 48, 80]],
    ];
    for (const [kernel, size] of runs) {
      await choose(lab, kernel, size);
      await runAndExpectVerified(page, lab, kernel);
      if (kernel !== 'relu') continue;
      // Before the roofs are measured there is nothing to predict from, and no record.
      await expect
        .poll(() => lab.locator('[data-forecast-text]').textContent())
        .toMatch(/measure the roofs first/);
      await expect.poll(() => lab.locator('[data-record-row]').count()).toBe(0);
    }
    await expect.poll(() => lab.locator('[data-result]').count()).toBe(runs.length);
    const shown = await page.evaluate(
      () => (window as unknown as { activityShown: string[] }).activityShown,
    );
    for (const stage of [
      /ReLU, 65,537 elements: compiling the kernel/,
      /ReLU, 65,537 elements: warming up/,
      /ReLU, 65,537 elements: timing batch 1 of at most 7 \(\d[\d,]* runs? each\)/,
      /ReLU, 65,537 elements: checking against the CPU/,
    ]) {
      expect(
        shown.some((text) => stage.test(text)),
        String(stage),
      ).toBe(true);
    }
    // The adapter here is SwiftShader: the reading and the adapter line must say so.
    await expect
      .poll(() => lab.locator('[data-reading]').textContent())
      .toMatch(/software fallback/);
    await expect.poll(() => lab.locator('.kl-adapter').getAttribute('data-fallback')).toBe('true');

    await lab.locator('[data-action="roofs"]').click();
    expect(await settled(page)).toBe('done');
    const roofs = lab.locator('[data-roofs]');
    await expect
      .poll(() => roofs.textContent())
      .toMatch(
        /copy kernel .*GB\/s, copyBufferToBuffer .*GB\/s.*FMA .*GFLOP\/s; all outputs checked/,
      );
    await expect.poll(() => roofs.textContent()).toMatch(/near-empty dispatch takes .*s/);
    for (const roof of ['measured', 'copy-engine', 'modeled']) {
      await expect.poll(() => lab.locator(`[data-roof="${roof}"]`).count()).toBe(1);
    }
    await expect
      .poll(() => lab.locator('[data-device-model]').textContent())
      .toMatch(/your CPU running SwiftShader/);

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
    await expect
      .poll(() => lab.locator('[data-outcome]').textContent())
      .toMatch(/^Measured: .*s\. Error [+−]?\d/);

    const rows = lab.locator('[data-record-row="relu"]');
    await expect.poll(() => rows.count()).toBe(1);
    for (const name of ['predicted-seconds', 'measured-seconds', 'error']) {
      const value = await rows.locator(`[data-${name}]`).getAttribute(`data-${name}`);
      expect(value, name).not.toBe('');
      expect(Number.isFinite(Number(value)), `${name}: ${value}`).toBe(true);
    }
    await expect
      .poll(() => lab.locator('[data-median]').textContent())
      .toMatch(/^Median \|error\| over 1 run: .* %/);
    // Results, roofs, the plot and the record, in both themes.
    expect(await seriousAxeViolationsInBothThemes(page, 'kernel-lab')).toEqual({
      light: [],
      dark: [],
    });
    // As wide as a 1280 px laptop's lesson column gives the lab: the results table shows all
    // its measured and modeled columns, and every control and option label is whole.
    await page.setViewportSize({ width: 968, height: 900 });
    await page.waitForFunction(() => window.innerWidth === 968);
    await expect.poll(() => tablesScrollingSideways(page)).toEqual([]);
    expect(await lab.locator('.kl-results[data-stacked]').count()).toBe(0);
    expect(await clippedWidgetControls(page)).toEqual([]);
    expect(await cutOptionLabels(page)).toEqual([]);

    await lab.locator('[data-action="clear-record"]').click();
    await expect.poll(() => lab.locator('[data-record-row]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('reduces a size beyond the device limits and says which limit decided it', async () => {
    const { page, widget: lab } = await openLab();
    await choose(lab, 'relu', 1_000_000_000);
    await lab.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');
    await expect
      .poll(() => lab.locator('[data-notice]').textContent())
      .toMatch(
        /^Reduced 1,000,000,000 elements to 33,554,432, the most that fit: .*128 MiB per buffer/,
      );
    await expect
      .poll(() => lab.locator('[data-result="relu"]').getAttribute('data-verified'))
      .toBe('true');
  });

  it('is keyboard operable and fits a 375 px phone without sideways scrolling', async () => {
    const { page, widget: lab } = await openLab({ width: 375, reducedMotion: 'reduce' });
    await choose(lab, 'relu', 4096);
    await lab.getByLabel('Elements', { exact: true }).focus();
    await page.keyboard.press('Enter'); // submits the form
    expect(await settled(page)).toBe('done');
    await expect
      .poll(() => lab.locator('[data-result="relu"]').getAttribute('data-verified'))
      .toBe('true');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

describe('the kernel lab when things go wrong', () => {
  it('reports a device lost mid-run, then runs again on a new device without a reload', async () => {
    const { page, widget: lab } = await openLab({
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
    await lab
      .locator('.kl-activity', { hasText: /timing batch \d+ of at most \d+/ })
      .waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      for (const d of (window as unknown as { labDevices: GPUDevice[] }).labDevices) d.destroy();
    });
    expect(await settled(page)).toBe('error');
    await expect
      .poll(() => lab.locator('[data-error]').textContent())
      .toMatch(/device was lost.*Nothing needs reloading/);
    await choose(lab, 'relu', 1000);
    await runAndExpectVerified(page, lab, 'relu');
  });

  it('reports a pipeline that WebGPU refuses, then works on the next run', async () => {
    const { page, widget: lab } = await openLab({
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
    await expect
      .poll(() => lab.locator('[data-error]').textContent())
      .toMatch(
        /could not build the ReLU pipeline \(relu_vec4\): stubbed pipeline failure\. Nothing needs reloading/,
      );
    await runAndExpectVerified(page, lab, 'relu');
  });

  it('cancels a run and stays usable', async () => {
    const { page, widget: lab } = await openLab();
    await choose(lab, 'matmul-tiled', [256, 256, 256]);
    await lab.locator('[data-action="run"]').click();
    await lab
      .locator('.kl-activity', { hasText: /timing batch \d+ of at most \d+/ })
      .waitFor({ timeout: 60_000 });
    await lab.locator('[data-action="cancel"]').click();
    await widgetStatus(page, 'kernel-lab', 'idle');
    await expect.poll(() => lab.locator('[data-notice]').textContent()).toMatch(/Cancelled/);
    await choose(lab, 'copy', 1000);
    await runAndExpectVerified(page, lab, 'copy');
  });
});
