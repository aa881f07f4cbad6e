import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { rawBytes, writePickle } from '../../src/widgets/memory-snapshot/testing/pickle-writer';
import {
  USER_STACK,
  block,
  event,
  segment,
  snapshotPickle,
} from '../../src/widgets/memory-snapshot/testing/snapshot-builder';
import { browserSuite, loadedWidget, type OpenOptions } from './browser';
import { seriousAxeViolations } from './axe';

/**
 * The snapshot reader alone (its embed page): the same component, frame and link settings as in lesson 5,
 * at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 * E2E_SNAPSHOT_PAGE points at another page while it is written.
 */
const WIDGET = process.env.E2E_SNAPSHOT_PAGE ?? '#/embed/memory-snapshot';
const MIB = 1024 * 1024;
const EXAMPLE = readFileSync(
  join(process.cwd(), 'public', 'examples', 'memory-snapshot-example.pickle'),
);
const suite = browserSuite({ webgpu: false });

/** Opens the lesson and waits for the widget's code to load (not the placeholder). */
async function open(options: OpenOptions = {}) {
  const opened = await suite.open(WIDGET, options);
  const widget = await loadedWidget(opened.page, 'memory-snapshot');
  await widget.scrollIntoViewIfNeeded();
  return { ...opened, widget };
}

/** Where this file's test recordings are written, to be chosen from disk. */
const FILES_DIR = mkdtempSync(join(tmpdir(), 'gpu-lab-snapshots-'));
afterAll(() => rmSync(FILES_DIR, { recursive: true, force: true }));

/**
 * Gives the widget's file input a file, as a learner choosing it would: written to disk and
 * chosen by its path, which the browser reads itself (bytes handed over in memory would cross
 * the protocol as base64 and be decoded in the page: 33 MB for the long recording).
 */
async function chooseFile(widget: Locator, name: string, bytes: Uint8Array) {
  const path = join(FILES_DIR, name);
  writeFileSync(path, bytes);
  await widget.getByTestId('snapshot-file-input').setInputFiles(path);
}

/** A small recorded training step: 1 MiB and 2 MiB alive together, peak 3 MiB. */
function learnerSnapshot(): Uint8Array {
  const a = 0x7f0000000000;
  const b = a + 2 * MIB;
  const events = [
    event('segment_alloc', a, 20 * MIB, 1_000, USER_STACK),
    event('alloc', a, MIB, 1_010, USER_STACK),
    event('alloc', b, 2 * MIB, 1_020, USER_STACK),
    event('free_requested', a, MIB, 1_030),
    event('free_completed', a, MIB, 1_031),
  ];
  const blocks = [
    block(a, 2 * MIB, 'inactive'),
    block(b, 2 * MIB, 'active_allocated', 2 * MIB, USER_STACK),
    block(b + 2 * MIB, 16 * MIB, 'inactive'),
  ];
  return snapshotPickle([segment(a, blocks)], [events]);
}

/** 600,000 events (about 23 MB): long enough to read that there is time to cancel it. */
function longRecording(): Uint8Array {
  const events = [];
  for (let i = 0; i < 300_000; i++) {
    const addr = 0x7f0000000000 + (i % 4096) * 4096;
    events.push(event('alloc', addr, 512 + (i % 100), 1e15 + 10 * i, USER_STACK));
    events.push(event('free_completed', addr, 512 + (i % 100), 1e15 + 10 * i + 5, USER_STACK));
  }
  return snapshotPickle([], [events]);
}

describe('memory snapshot viewer', () => {
  it('opens the example from the keyboard: the peak and what was alive at it, also at phone width', async () => {
    const { page, errors, widget } = await open();
    await expect.poll(() => widget.textContent()).toMatch(/nothing in it\s*leaves your machine/);
    await widget.getByRole('button', { name: 'Open the example' }).focus();
    await page.keyboard.press('Enter');
    const marker = widget.getByTestId('peak-marker');
    await marker.waitFor({ timeout: 60_000 });
    await expect.poll(() => widget.getAttribute('data-status')).toBe('done');
    await expect.poll(() => marker.textContent()).toMatch(/^peak 713\.2 MiB at \d/);
    await expect
      .poll(() => widget.locator('[data-source="example"]').textContent())
      .toMatch(/recorded on an NVIDIA H100/);
    const table = widget.getByTestId('peak-table');
    await expect
      .poll(() => table.locator('caption').textContent())
      .toMatch(/^Allocations alive at the peak: 24, 713\.2 MiB in all$/);
    const firstRow = table.locator('tbody tr').first();
    await expect.poll(() => firstRow.locator('td').first().textContent()).toBe('64 MiB');
    // The full stack opens on demand and shows PyTorch's own frames too.
    await firstRow.getByText(/^Full stack/).click();
    await expect.poll(() => firstRow.locator('.snap-full-stack li').count()).toBeGreaterThan(5);
    expect(await seriousAxeViolations(page, 'memory-snapshot')).toEqual([]);

    // The report at phone width: wide parts (the table, the stack, the code sample) scroll inside
    // their own boxes; the widget does not, and it ends inside the window.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForFunction(() => window.innerWidth === 375);
    await expect
      .poll(() => widget.evaluate((el) => el.scrollWidth - el.clientWidth))
      .toBeLessThanOrEqual(0);
    await expect
      .poll(async () => {
        const box = await widget.boundingBox();
        return (box?.x ?? 0) + (box?.width ?? 1000);
      })
      .toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });

  it('analyses a file given to the file input, off the main thread, and lists its segments', async () => {
    const { page, errors, widget } = await open({ colorScheme: 'dark' });
    const workerStarted = page.waitForEvent('worker');
    const chooser = page.waitForEvent('filechooser');
    await widget.getByRole('button', { name: 'Choose a snapshot file…' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'my-run.pickle',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(learnerSnapshot()),
    });
    await widget.getByTestId('peak-marker').waitFor({ timeout: 60_000 });
    await expect
      .poll(() => widget.getByTestId('peak-marker').textContent())
      .toMatch(/^peak 3 MiB at 20 µs/);
    await expect
      .poll(() => widget.locator('[data-source="file"]').textContent())
      .toMatch(/^my-run\.pickle/);
    expect((await workerStarted).url()).toMatch(/snapshot\.worker-[\w-]+\.js$/);
    await expect.poll(() => widget.getByTestId('peak-table').locator('tbody tr').count()).toBe(2);
    await widget.getByRole('radio', { name: 'Segments and blocks' }).check();
    await expect.poll(() => widget.locator('.snap-segment').count()).toBe(1);
    await expect
      .poll(() => widget.textContent())
      .toMatch(/18 MiB cached free in 2 pieces, the largest 16 MiB/);
    await expect.poll(() => page.url()).toContain('memory-snapshot.view=segments');
    expect(await seriousAxeViolations(page, 'memory-snapshot')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('explains bad files one by one, and the page keeps working', async () => {
    const { errors, widget } = await open();
    const alert = widget.getByRole('alert');
    const cases: Array<[string, Uint8Array, RegExp]> = [
      ['evil.pickle', rawBytes(0x80, 4, 'cos\nsystem\n', 0x8c, 2, 'ls', 0x85, 'R.'), /Refused/],
      ['cut.pickle', EXAMPLE.subarray(0, 9000), /cut short[\s\S]*ends at byte 9,000/],
      ['photo.pickle', rawBytes(0x89, 'PNG', 13, 10), /Not a pickle[\s\S]*PNG image/],
      ['model.pickle', writePickle({ model: 'resnet', epoch: 3 }), /Not a memory snapshot/],
    ];
    for (const [name, bytes, message] of cases) {
      await chooseFile(widget, name, bytes);
      await expect.poll(async () => (await alert.count()) && alert.textContent()).toMatch(message);
      await expect.poll(() => widget.getAttribute('data-status')).toBe('error');
    }
    // Segments only: the snapshot was taken without recording history.
    const segmentsOnly = snapshotPickle([
      segment(0x1000, [block(0x1000, 512, 'active_allocated')]),
    ]);
    await chooseFile(widget, 'state.pickle', segmentsOnly);
    await widget.getByTestId('no-history').waitFor();
    await expect
      .poll(() => widget.getByTestId('no-history').textContent())
      .toMatch(/_record_memory_history\(\) was not running/);
    // The widget still works after them (it has not fallen back to its error boundary).
    await widget.getByRole('button', { name: 'Open the example' }).click();
    await widget.getByTestId('peak-table').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows progress while a long recording is read, and cancels it', async () => {
    const { errors, widget } = await open();
    await chooseFile(widget, 'long-run.pickle', longRecording());
    await widget
      .getByRole('status')
      .filter({ hasText: /^Reading long-run\.pickle/ })
      .waitFor();
    await expect.poll(() => widget.getAttribute('data-status')).toBe('running');
    await widget.getByRole('button', { name: 'Cancel' }).click();
    await widget.getByText('Stopped. Nothing from the file was kept.').waitFor();
    await expect.poll(() => widget.getAttribute('data-status')).toBe('idle');
    await expect.poll(() => widget.getByTestId('peak-table').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
