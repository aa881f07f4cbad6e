// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PUZZLES } from '../puzzles/catalog';
import type { PuzzleControllerDeps } from './controller';
import { PuzzlesPage } from './PuzzlesPage';

/** A page with no WebGPU at all. */
const noGpu: PuzzleControllerDeps = {
  gpu: async () => ({ ok: false, message: 'This browser has no WebGPU.' }),
  build: vi.fn(),
  run: vi.fn(),
  measure: vi.fn(),
  forgetGpu: vi.fn(),
  onSolved: vi.fn(),
};

describe('the puzzles page without WebGPU', () => {
  it('lists every puzzle and says why nothing runs', async () => {
    render(<PuzzlesPage id={null} deps={noGpu} />);
    expect(
      await screen.findByText(/Nothing can run here: This browser has no WebGPU\./),
    ).toBeTruthy();
    expect(screen.getAllByRole('link', { name: PUZZLES[0]!.title })).toHaveLength(1);
    expect(document.querySelectorAll('[data-puzzle-item]')).toHaveLength(PUZZLES.length);
  });

  it('still shows a puzzle, its hints and its solution, with Run disabled', async () => {
    render(<PuzzlesPage id="sum" deps={noGpu} />);
    await screen.findByText(/study its reference solution/);
    const run = screen.getByRole('button', { name: 'Run and check on my GPU' });
    expect((run as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Show hint 1 of/ }));
    expect(document.querySelectorAll('[data-hint]')).toHaveLength(1);
    expect(screen.getByText('Reference solution')).toBeTruthy();
    expect(document.querySelector('[data-solution] pre')?.textContent).toContain(
      'workgroupBarrier',
    );
    expect(noGpu.build).not.toHaveBeenCalled();
  });

  it('says so for an unknown puzzle', async () => {
    render(<PuzzlesPage id="nope" deps={noGpu} />);
    expect(await screen.findByText('No such puzzle')).toBeTruthy();
  });
});
