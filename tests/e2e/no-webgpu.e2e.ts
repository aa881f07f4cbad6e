import { describe, expect, it } from 'vitest';
import { findTritonPuzzle } from '../../src/triton/puzzles/index';
import { runAndSettle, typeInEditor } from './editor';
import { browserSuite, loadedWidget, settledWidget } from './browser';

const { open } = browserSuite({ webgpu: false });

/**
 * Runs a small race alone (its embed page: the same component, frame and link settings as in
 * lesson 1, whose other widgets ask for no GPU until they run), optionally in a browser whose
 * navigator has no `gpu` at all.
 */
async function runSmallRace(removeNavigatorGpu: boolean) {
  const { page, errors } = await open('#/embed/race', {
    reducedMotion: 'reduce',
    initScript: removeNavigatorGpu
      ? () => {
          delete (Navigator.prototype as unknown as { gpu?: unknown }).gpu;
        }
      : undefined,
  });
  const race = await loadedWidget(page, 'race');
  await race.getByLabel('Tasks', { exact: true }).fill('1024');
  await race.getByLabel('Work per task', { exact: true }).fill('100');
  await race.locator('[data-action="run"]').click();
  expect(await settledWidget(page, 'race')).toBe('done');
  return { page, race, errors };
}

describe('the race in a browser without WebGPU', () => {
  it('runs the CPU and modeled lanes and says why the GPU lane is missing (no adapter)', async () => {
    const { race, errors } = await runSmallRace(false);
    await expect
      .poll(() => race.locator('[data-lane="cpu-measured"]').getAttribute('data-lane-state'))
      .toBe('done');
    await expect
      .poll(() => race.locator('[data-lane="gpu-measured"]').getAttribute('data-lane-state'))
      .toBe('skipped');
    // Worker start-up is shown apart from the CPU lane's work; the skipped lane has no parts.
    expect(await race.locator('[data-lane="cpu-measured"] [data-phase="startup"]').count()).toBe(1);
    expect(await race.locator('[data-lane="gpu-measured"] [data-phase]').count()).toBe(0);
    await expect
      .poll(() => race.locator('[data-lane="gpu-modeled"]').getAttribute('data-lane-state'))
      .toBe('done');
    await expect
      .poll(() => race.locator('[data-race-summary]').textContent())
      .toMatch(/GPU lane did not run/);
    expect(errors).toEqual([]);
  });

  it('explains a browser that has no navigator.gpu at all', async () => {
    const { race } = await runSmallRace(true);
    await expect
      .poll(() => race.locator('[data-lane="gpu-measured"] .lane-note').textContent())
      .toMatch(/no WebGPU/);
  });
});

describe('the Triton puzzles in a browser without WebGPU', () => {
  it('run a typed kernel on the interpreter, say so, and name an unsupported construct', async () => {
    const { page, errors } = await open('#/embed/triton/vector-add');
    const puzzle = page.locator('[data-triton="vector-add"]');
    await puzzle.locator('[data-editor="ready"]').waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('[data-backend]').getAttribute('data-backend'), { timeout: 60_000 })
      .toBe('interpreter');
    const editor = puzzle.locator('.cm-content');
    const result = puzzle.locator('[data-result]');
    const typeAndRun = async (code: string, expected: 'pass' | 'fail') => {
      await typeInEditor(page, editor, code);
      await expect.poll(() => editor.textContent()).toMatch(/tl\.store/);
      await runAndSettle(page, puzzle, expected);
    };
    const solution = findTritonPuzzle('vector-add')!.solution;
    await typeAndRun(solution, 'pass');
    expect(await result.locator('[data-ran-on]').textContent()).toMatch(/^Ran on the interpreter/);
    // A function the runtime does not implement is named, with its line.
    const unsupported = solution.replace('x + y, mask', 'tl.erf(x) + y, mask');
    expect(unsupported).not.toBe(solution);
    await typeAndRun(unsupported, 'fail');
    expect(await result.locator('[data-check="fail"]').textContent()).toMatch(
      /line \d+: tl\.erf is outside the Triton subset/,
    );
    expect(errors).toEqual([]);
  });
});
