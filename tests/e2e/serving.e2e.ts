import { describe, expect, it } from 'vitest';
import { browserSuite, horizontalOverflow, tabTo } from './browser';
import { seriousAxeViolations, seriousAxeViolationsInBothThemes } from './axe';

/**
 * The serving simulator alone (its embed page): the same component, frame and link settings as
 * in lesson 11. One page load walks it all: a link's settings restored, the scheduler's scrubber
 * moved by the keyboard, bad input explained, a pasted benchmark set beside the prediction,
 * axe in both themes, and a 375 px phone. The engine's figures and the widget's logic are
 * checked in its unit and component tests; this checks what needs a real browser.
 */
const WIDGET = '#/embed/serving';
const { openWidget } = browserSuite({ webgpu: false });

/** A few lines of vllm bench serve's result block (made-up figures). */
const VLLM_RESULT = [
  '============ Serving Benchmark Result ============',
  'Successful requests:                     640',
  'Maximum request concurrency:             64',
  'Total input tokens:                      655360',
  'Total generated tokens:                  327680',
  'Output token throughput (tok/s):         3999.51',
  'Mean TTFT (ms):                          312.40',
  'Mean TPOT (ms):                          15.27',
].join('\n');

describe('lesson 11: the serving simulator', () => {
  it('restores a link, steps by keyboard, explains bad input, compares a benchmark; axe-clean, fits 375 px', async () => {
    const link =
      `${WIDGET}?serving.model=llama3.1-70b&serving.tp=2&serving.weights=fp8&serving.kv=fp8` +
      '&serving.in=1000&serving.out=1000&serving.load=max&serving.step=3';
    const {
      page,
      widget: sim,
      errors,
    } = await openWidget(link, 'serving', {
      reducedMotion: 'reduce',
      ready: '[data-summary], [data-problem]',
    });

    // The link's settings, back in the controls and in the answer.
    await expect
      .poll(() => sim.getByLabel('Model', { exact: true }).inputValue())
      .toBe('llama3.1-70b');
    await expect
      .poll(() => sim.getByLabel('Tensor-parallel GPUs', { exact: true }).inputValue())
      .toBe('2');
    await expect
      .poll(() => sim.getByLabel('Weight precision', { exact: true }).inputValue())
      .toBe('fp8');
    await expect
      .poll(() => sim.getByRole('radio', { name: 'as many as fit' }).isChecked())
      .toBe(true);
    await expect
      .poll(() => sim.locator('[data-summary]').textContent())
      .toMatch(/Llama 3\.1 70B on 2 × NVIDIA H100 SXM, weights in fp8, the KV cache in fp8/);
    const scrubber = sim.getByRole('slider', { name: 'Scheduler step' });
    const stepText = sim.locator('[data-step-text]');
    await expect.poll(() => scrubber.inputValue()).toBe('3');
    await expect.poll(() => stepText.textContent()).toMatch(/, record 4 of \d+: at /);

    // The scrubber and its buttons by keyboard; the step's state announced in text.
    await scrubber.focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => stepText.textContent())
      .toMatch(/record 5 of \d+: .* requests? decoding, .* cache pages in use\.$/);
    await tabTo(page, sim.getByRole('button', { name: 'Next step' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => stepText.textContent()).toMatch(/record 6 of/);
    await expect
      .poll(() => page.evaluate(() => location.hash))
      .toMatch(/serving\.model=llama3\.1-70b.*serving\.step=5/);
    // Under reduced motion the memory bar does not glide.
    const duration = await sim
      .locator('[data-memory-panel] rect[data-part="weights"]')
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(Number.parseFloat(duration)).toBeLessThan(0.001);

    // Bad input gets words, never a blank widget: a model too big, then a spec that cannot be.
    await sim.getByLabel('Model', { exact: true }).selectOption('llama3.1-405b');
    await expect
      .poll(() => sim.locator('[data-problem="fit"]').textContent())
      .toMatch(/Llama 3\.1 405B does not fit on each of 2 × NVIDIA H100 SXM/);
    // Its memory is still drawn: the weights alone run past the GPU, no room for a KV cache.
    await expect
      .poll(() => sim.locator('[data-memory-panel] rect[data-part="weights"]').count())
      .toBe(1);
    await expect
      .poll(() => sim.locator('[data-memory-panel] rect[data-part="kv"]').count())
      .toBe(0);
    await sim.getByLabel('Model', { exact: true }).selectOption('custom');
    await sim.getByLabel('Attention heads', { exact: true }).fill('7');
    await expect
      .poll(() => sim.locator('[data-problem="model"]').textContent())
      .toMatch(/decoder heads \(7\) must divide hidden \(4096\)/);

    // The learner's own benchmark beside the model, each figure labelled.
    await sim.getByLabel('Model', { exact: true }).selectOption('llama3.1-8b');
    await sim.getByLabel('Output of vllm bench serve or trtllm-bench throughput').fill(VLLM_RESULT);
    const table = sim.locator('table[data-bench-table]');
    await expect
      .poll(() => table.locator('tr[data-figure="throughput"] td[data-measured]').textContent())
      .toBe('4,000');
    await expect
      .poll(() => table.locator('thead').textContent())
      .toMatch(/measured your server.*modeled engine/);
    await expect
      .poll(async () =>
        Number(
          await table
            .locator('tr[data-figure="ttft"] td[data-modeled]')
            .getAttribute('data-modeled'),
        ),
      )
      .toBeGreaterThan(0);

    // A pasted print(model), read, with what the reader assumed said on the page.
    await sim.getByLabel('Model', { exact: true }).selectOption('print');
    await sim.getByRole('button', { name: 'Paste an example: Llama 3.1 8B' }).click();
    await expect
      .poll(() => sim.locator('[data-print-status]').textContent())
      .toBe('Read LlamaForCausalLM: the prediction below uses the decoder it found.');
    await expect
      .poll(() => sim.locator('[data-print-notes]').textContent())
      .toMatch(/Head size 128 assumed/);
    await expect
      .poll(() => sim.locator('[data-summary]').textContent())
      .toMatch(/your LlamaForCausalLM/);

    const themes = await seriousAxeViolationsInBothThemes(page, 'serving');
    expect(themes.light).toEqual([]);
    expect(themes.dark).toEqual([]);

    // A phone: everything fits the width (tables stack), and stays axe-clean there.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForFunction(() => window.innerWidth === 375);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'serving')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
