// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ProgressPage } from './ProgressPage';
import { progressStore } from '../store/progress';
import { reviewStore } from '../store/review-store';
import { buildProgressFile, progressDataOf, serializeProgressFile } from '../store/progress-io';
import { BACKUP_PREFIX } from '../store/progress-backups';
import { puzzleProgressStore } from '../store/puzzle-progress';
import { lessons } from '../lessons/registry';

const NOW = new Date('2026-04-30T22:00:00.000Z');
const now = () => NOW;

afterEach(() => {
  progressStore.getState().reset();
  reviewStore.getState().replace({ items: {} });
  puzzleProgressStore.getState().replace({});
  localStorage.clear();
});

/** The page as the learner sees it, with dates written in UTC. */
const page = () => <ProgressPage now={now} timeZone="UTC" />;

/** Chooses a file with this text in the page's file input. */
async function chooseFile(text: string, name = 'progress.json') {
  const input = screen.getByLabelText('Progress file (.json)');
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([text], name)] } });
  });
}

function otherBrowsersFile() {
  const progress = {
    visited: { 'why-gpus': '2026-04-01T00:00:00.000Z' },
    completed: { 'why-gpus': '2026-04-02T00:00:00.000Z' },
    answers: {
      'why-gpus-amdahl-step': { choice: 'c1', correct: false, answeredAt: '2026-04-02T00:00:00Z' },
    },
    seed: 'abc123',
  };
  const review = {
    items: {
      'why-gpus-amdahl-step': {
        step: 0,
        dueDay: '2026-04-03',
        lastAnsweredAt: '2026-04-02T00:00:00Z',
      },
    },
  };
  return {
    progress,
    review,
    text: serializeProgressFile(buildProgressFile(progress, review, NOW)),
  };
}

describe('ProgressPage', () => {
  it('shows a refused file’s reason and changes nothing', async () => {
    progressStore.getState().markVisited('inside-a-gpu');
    render(page());
    await chooseFile('{"format":"gpu-lab-progress","version":7}', 'future.json');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        /future\.json: .*newer GPU Lab.*Nothing was changed/,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Replace my progress' })).toBeNull();
    expect(Object.keys(progressStore.getState().visited)).toEqual(['inside-a-gpu']);
  });

  it('compares the file with what is here, and replaces only when confirmed, keeping a backup', async () => {
    progressStore.getState().markVisited('inside-a-gpu');
    const before = progressDataOf(progressStore.getState());
    const file = otherBrowsersFile();
    render(page());
    await chooseFile(file.text);
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Lessons completed/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '0']);
    expect(screen.getByText(/^Either way/).textContent).toBe(
      'Either way, what this browser holds now is kept first as a backup you can restore.',
    );
    // Cancel first: nothing changes.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(progressDataOf(progressStore.getState())).toEqual(before);
    // Then confirm.
    await chooseFile(file.text);
    fireEvent.click(await screen.findByRole('button', { name: 'Replace my progress' }));
    expect(progressDataOf(progressStore.getState())).toEqual(file.progress);
    expect(reviewStore.getState().items).toEqual(file.review.items);
    const key = `${BACKUP_PREFIX}${NOW.toISOString()}`;
    expect(screen.getByRole('status').textContent).toBe(
      'Progress replaced with the file progress.json. What this browser held before is kept as the backup from 30 April 2026, 22:00; restore it below if you change your mind.',
    );
    expect(JSON.parse(localStorage.getItem(key)!).progress.data).toEqual(before);
    // The backup is listed and can be restored after a confirmation.
    fireEvent.click(screen.getByRole('button', { name: /^Restore this backup/ }));
    // A backup is only replaced: no merge offered, and the same promise of a backup.
    expect(screen.queryByRole('button', { name: 'Merge into my progress' })).toBeNull();
    expect(screen.getByText(/^What this browser holds now/).textContent).toBe(
      'What this browser holds now will be replaced, and kept as a backup you can restore.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Replace my progress' }));
    expect(progressDataOf(progressStore.getState())).toEqual(before);
  });

  it('shows where the learner stands before save and load: lessons, questions, the check, puzzles', () => {
    progressStore.setState({
      visited: {
        'why-gpus': '2026-04-01T09:00:00.000Z',
        'inside-a-gpu': '2026-04-03T23:30:00.000Z',
      },
      completed: { 'why-gpus': '2026-04-02T10:00:00.000Z' },
      answers: {
        'why-gpus-amdahl-step': { choice: 'c1', correct: true, answeredAt: NOW.toISOString() },
        'why-gpus-crossover-chain': {
          choice: 'c2',
          correct: false,
          answeredAt: NOW.toISOString(),
        },
        'kc-why-amdahl': { choice: 'c1', correct: true, answeredAt: NOW.toISOString() },
        'kc-memory-adam-state': {
          choice: 'c1',
          correct: true,
          answeredAt: NOW.toISOString(),
          reopened: true,
        },
      },
    });
    puzzleProgressStore.getState().replace({
      map: '2026-04-05T00:00:00.000Z',
      'triton:vector-add': '2026-04-06T00:00:00.000Z',
      'triton:row-sum': '2026-04-06T00:00:00.000Z',
    });
    render(page());
    const summary = screen.getByRole('region', { name: 'Where you stand' });
    // It comes first: before the export and import sections.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual([
      'Where you stand',
      'Save to a file',
      'Bring progress from a file',
    ]);
    const course = summary.querySelector('[data-course-progress]');
    expect(course?.textContent?.trim()).toBe(
      `1 of ${lessons.length} lessons completed, 2 visited.`,
    );
    expect(course?.querySelector('progress')?.value).toBe(1);
    const first = summary.querySelector<HTMLElement>('[data-lesson-progress="why-gpus"]')!;
    expect(within(first).getByRole('link').getAttribute('href')).toBe('#/lesson/why-gpus');
    expect(first.textContent).toContain('✓ Completed 2 April 2026');
    // Its own questions only: the knowledge check's on why-gpus are counted with the check.
    expect(first.textContent).toMatch(/Questions: 1 right, 1 missed, \d+ not answered yet\./);
    const second = summary.querySelector<HTMLElement>('[data-lesson-progress="inside-a-gpu"]')!;
    expect(second.textContent).toContain('Visited 3 April 2026');
    expect(second.textContent).toMatch(/none answered yet/);
    const third = summary.querySelector<HTMLElement>('[data-lesson-progress="devices-in-pytorch"]');
    expect(third?.getAttribute('data-status')).toBe('not-started');
    // A reopened answer counts as missed until it is answered again.
    const check = summary.querySelector('[data-check-progress]')!;
    expect(check.textContent).toMatch(
      /^Knowledge check: 1 right and 1 missed of \d+ questions, \d+ not answered yet\.$/,
    );
    expect(summary.querySelector('[data-puzzles-solved]')?.textContent).toBe(
      'WGSL puzzles: 1 puzzle solved.',
    );
    expect(summary.querySelector('[data-triton-solved]')?.textContent).toBe(
      'Triton puzzles: 2 puzzles solved.',
    );
  });

  it('says a knowledge check not yet taken is not taken, and nothing solved is none', () => {
    render(page());
    const summary = screen.getByRole('region', { name: 'Where you stand' });
    expect(summary.querySelector('[data-check-progress]')?.textContent).toMatch(
      /Knowledge check: not taken yet \(\d+ questions\)\./,
    );
    expect(summary.querySelector('[data-puzzles-solved]')?.textContent).toMatch(/none solved yet/);
    expect(summary.querySelector('[data-course-progress]')?.textContent?.trim()).toBe(
      `0 of ${lessons.length} lessons completed, 0 visited.`,
    );
  });

  it('opens the file input from a styled button, shows the chosen file’s name and takes a dropped file', async () => {
    render(page());
    const input = screen.getByLabelText<HTMLInputElement>('Progress file (.json)');
    // The input itself is out of sight and out of the tab order; the button is the way in.
    expect(input.className).toBe('visually-hidden');
    expect(input.tabIndex).toBe(-1);
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Choose a progress file…' }));
    expect(opened).toHaveBeenCalledTimes(1);
    const zone = document.querySelector('[data-progress-drop]')!;
    expect(zone.querySelector('[data-chosen-file]')?.textContent).toBe('No file chosen yet.');
    const file = new File([otherBrowsersFile().text], 'laptop.json');
    await act(async () => {
      fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    });
    await screen.findByRole('button', { name: 'Merge into my progress' });
    expect(zone.querySelector('[data-chosen-file]')?.textContent).toBe('Chosen file: laptop.json');
    // The dropped file was read: its one completed lesson stands beside none here.
    const row = within(screen.getByRole('table')).getByRole('row', { name: /Lessons completed/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '0']);
  });

  it('merges a file into what is here after a backup, and says what changed', async () => {
    progressStore.setState({
      visited: { 'inside-a-gpu': '2026-04-10T00:00:00.000Z' },
      answers: {
        'why-gpus-amdahl-step': { choice: 'c2', correct: true, answeredAt: '2026-04-01T00:00:00Z' },
        'memory-budget': { choice: 'c9', correct: true, answeredAt: '2026-04-05T00:00:00Z' },
      },
      seed: 'herexyz',
    });
    const before = progressDataOf(progressStore.getState());
    const file = otherBrowsersFile();
    render(page());
    await chooseFile(file.text, 'laptop.json');
    await screen.findByText(/It would bring:/);
    const preview = document.querySelector<HTMLElement>('[data-merge-preview]')!;
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1 lesson marked visited',
      '1 lesson marked completed',
      '1 newer answer taken from the file',
      '1 question added to the review schedule',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Merge into my progress' }));
    const state = progressDataOf(progressStore.getState());
    expect(Object.keys(state.visited).sort()).toEqual(['inside-a-gpu', 'why-gpus']);
    expect(state.completed).toEqual(file.progress.completed);
    // The file's answer is newer; the answer only here stays; the seed here stays.
    expect(state.answers['why-gpus-amdahl-step']).toEqual(
      file.progress.answers['why-gpus-amdahl-step'],
    );
    expect(state.answers['memory-budget']).toEqual(before.answers['memory-budget']);
    expect(state.seed).toBe('herexyz');
    expect(reviewStore.getState().items).toEqual(file.review.items);
    const message = screen.getByRole('status').textContent;
    expect(message).toBe(
      'Merged the file laptop.json into your progress: 1 lesson marked visited, 1 lesson marked completed, 1 newer answer taken from the file, 1 question added to the review schedule. What this browser held before is kept as the backup from 30 April 2026, 22:00; restore it below if you change your mind.',
    );
    const key = `${BACKUP_PREFIX}${NOW.toISOString()}`;
    expect(JSON.parse(localStorage.getItem(key)!).progress.data).toEqual(before);
    // Listed by its date in words, not by its storage key.
    const backups = screen.getByRole('region', { name: 'Backups' });
    const listed = [...backups.querySelectorAll('li')];
    expect(listed.map((li) => li.firstElementChild?.textContent)).toEqual([
      'Backup from 30 April 2026, 22:00',
    ]);
    expect(backups.textContent).not.toContain(BACKUP_PREFIX);
    expect(within(listed[0]!).getByRole('button').textContent).toBe(
      'Restore this backup from 30 April 2026, 22:00',
    );
  });

  it('merging a file that brings nothing new changes nothing and keeps no backup', async () => {
    const file = otherBrowsersFile();
    progressStore.setState(file.progress);
    render(page());
    await chooseFile(file.text, 'same.json');
    await screen.findByText(/holds nothing this browser lacks/);
    const preview = document.querySelector('[data-merge-preview]');
    expect(preview?.textContent).toBe(
      'Merge keeps everything here and adds what the file has: for each question the newer answer wins. The file holds nothing this browser lacks.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Merge into my progress' }));
    expect(screen.getByRole('status').textContent).toBe(
      'The file same.json holds nothing this browser lacks, so nothing was changed.',
    );
    expect(Object.keys(localStorage).filter((k) => k.startsWith(BACKUP_PREFIX))).toEqual([]);
  });
});
