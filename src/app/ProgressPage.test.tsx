// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ProgressPage } from './ProgressPage';
import { progressStore } from '../store/progress';
import { reviewStore } from '../store/review-store';
import { buildProgressFile, progressDataOf, serializeProgressFile } from '../store/progress-io';
import { BACKUP_PREFIX } from '../store/progress-backups';

const NOW = new Date('2026-04-30T22:00:00.000Z');
const now = () => NOW;

afterEach(() => {
  progressStore.getState().reset();
  reviewStore.getState().replace({ items: {} });
});

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
    render(<ProgressPage now={now} />);
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
    render(<ProgressPage now={now} />);
    await chooseFile(file.text);
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Lessons completed/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '0']);
    expect(screen.getByText(/will be replaced, and kept as a backup/)).toBeTruthy();
    // Cancel first: nothing changes.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(progressDataOf(progressStore.getState())).toEqual(before);
    // Then confirm.
    await chooseFile(file.text);
    fireEvent.click(await screen.findByRole('button', { name: 'Replace my progress' }));
    expect(progressDataOf(progressStore.getState())).toEqual(file.progress);
    expect(reviewStore.getState().items).toEqual(file.review.items);
    const key = `${BACKUP_PREFIX}${NOW.toISOString()}`;
    expect(screen.getByRole('status').textContent).toMatch(/kept as a backup/);
    expect(JSON.parse(localStorage.getItem(key)!).progress.data).toEqual(before);
    // The backup is listed and can be restored after a confirmation.
    fireEvent.click(screen.getByRole('button', { name: 'Restore this backup' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Replace my progress' }));
    expect(progressDataOf(progressStore.getState())).toEqual(before);
  });
});
