// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PUZZLES } from '../puzzles/catalog';
import { findEquivalent } from '../triton/puzzles/equivalents';
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
    const notice = await screen.findByText(/Nothing can run here/);
    expect([notice.getAttribute('role'), notice.getAttribute('data-gpu')]).toEqual([
      'status',
      'none',
    ]);
    expect(notice.textContent).toBe(
      'Nothing can run here: This browser has no WebGPU. You can still read every puzzle, open its hints and study its reference solution.',
    );
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
    expect(document.querySelector('[data-solution] > summary')?.textContent).toBe(
      'Reference solution',
    );
    expect(document.querySelector('[data-solution] pre')?.textContent).toContain(
      'workgroupBarrier',
    );
    expect(noGpu.build).not.toHaveBeenCalled();
  });

  it('shows the same kernel in Triton and CUDA C++ behind its own fold', async () => {
    const { unmount } = render(<PuzzlesPage id="map" deps={noGpu} />);
    await screen.findByText(/study its reference solution/);
    const fold = document.querySelector('details[data-equivalents]') as HTMLDetailsElement;
    expect(fold.open).toBe(false);
    expect(fold.querySelector('summary')?.textContent).toBe(
      'The same kernel in Triton and in CUDA C++',
    );
    const map = findEquivalent('map')!;
    const blocks = [...fold.querySelectorAll('figure')].map((f) => [
      f.querySelector('figcaption')?.textContent,
      f.querySelector('pre code')?.textContent,
    ]);
    expect(blocks).toEqual([
      ['Triton (Python)', map.triton.trim()],
      ['CUDA C++', map.cudaEquivalent.trim()],
    ]);
    expect(fold.querySelector('textarea, [contenteditable]')).toBeNull();
    unmount();

    // Every WGSL puzzle has one: a later puzzle's page shows its own.
    render(<PuzzlesPage id="histogram" deps={noGpu} />);
    await screen.findByText(/study its reference solution/);
    const histogram = findEquivalent('histogram')!;
    const other = document.querySelector('details[data-equivalents]') as HTMLDetailsElement;
    expect(other.querySelector('.pz-note')?.textContent).toBe(histogram.note);
    expect(other.querySelector('[data-language="triton"] code')?.textContent).toContain(
      'tl.atomic_add',
    );
    expect(other.querySelector('[data-language="cuda"] code')?.textContent).toBe(
      histogram.cudaEquivalent.trim(),
    );
  });

  it('says so for an unknown puzzle', async () => {
    render(<PuzzlesPage id="nope" deps={noGpu} />);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('No such puzzle');
    expect(heading.nextElementSibling?.textContent).toBe(
      'There is no puzzle “nope”. See every puzzle.',
    );
    expect(screen.getByRole('link', { name: 'See every puzzle' }).getAttribute('href')).toBe(
      '#/puzzles',
    );
  });
});
