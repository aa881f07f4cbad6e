// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { puzzleProgressStore } from '../store/puzzle-progress';
import { findTritonPuzzle, TRITON_PUZZLES } from '../triton/puzzles/index';
import type { TritonPageDeps } from './deps';
import { TritonPage } from './TritonPage';

// The editor (CodeMirror, loaded lazily) is the WGSL puzzles' and tested there; here, plain text.
vi.mock('../puzzle-page/editor/CodeEditor', () => ({
  CodeEditor: ({ text, label }: { text: string; label: string }) => (
    <pre aria-label={label}>{text}</pre>
  ),
}));

/** A page with no WebGPU: checks run on the interpreter. */
function noGpu(): TritonPageDeps {
  return {
    gpu: async () => ({ ok: false, message: 'navigator.gpu is missing' }),
    runOnGpu: vi.fn(),
    timeOnGpu: vi.fn(),
    onSolved: vi.fn((p) => puzzleProgressStore.getState().markSolved(`triton:${p.id}`)),
  };
}

beforeEach(() => {
  puzzleProgressStore.getState().replace({});
  localStorage.clear();
});

describe('the Triton puzzles page', () => {
  it('lists every puzzle with its solved mark', async () => {
    puzzleProgressStore.getState().replace({ 'triton:vector-add': new Date().toISOString() });
    render(<TritonPage id={null} deps={noGpu()} />);
    await screen.findByText(`1 of ${TRITON_PUZZLES.length} solved.`);
    expect(document.querySelectorAll('[data-puzzle-item]')).toHaveLength(TRITON_PUZZLES.length);
    expect(
      document.querySelector('[data-puzzle-item="vector-add"]')?.getAttribute('data-solved'),
    ).toBe('yes');
    expect(screen.getByText(`1 of ${TRITON_PUZZLES.length} solved.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vector add' }).getAttribute('href')).toBe(
      '#/triton/vector-add',
    );
  });

  it('runs on the interpreter without WebGPU: the starter fails with its element, the reference passes', async () => {
    const deps = noGpu();
    const puzzle = findTritonPuzzle('vector-add')!;
    render(<TritonPage id="vector-add" deps={deps} />);
    const run = await screen.findByRole('button', { name: 'Run and check on the interpreter' });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(run));
    const fail = await screen.findByText(/should be .* but is/);
    expect(fail.textContent).toMatch(/^✗ At .*out\[\d+\] should be/);
    expect(document.querySelector('[data-ran-on]')?.textContent).toBe(
      'Ran on the interpreter: this browser has no WebGPU (navigator.gpu is missing)',
    );
    // Hints open one at a time; the reference waits behind its fold.
    fireEvent.click(screen.getByRole('button', { name: /Show hint 1 of/ }));
    expect(document.querySelectorAll('[data-hint]')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Put the solution in the editor' }));
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(run));
    await screen.findByText(/✓ Correct\. Passed at all \d+ sizes\./);
    expect(deps.onSolved).toHaveBeenCalledWith(puzzle, puzzle.cases.length);
    await waitFor(() => expect(document.querySelector('[data-time="reference"]')).not.toBeNull());
    expect(document.querySelector('[data-time="yours"] dt')?.textContent).toBe(
      'Your kernel (measured)',
    );
    // Beside the measured times, the engine's for the same work, at the timed and working sizes.
    const model = document.querySelector('[data-time="model"]');
    expect(model?.textContent).toMatch(/Cost engine’s prediction \(modeled\) on/);
    expect(Number(model?.getAttribute('data-seconds'))).toBeGreaterThan(0);
    expect(model?.textContent).toMatch(/at n = 16,777,216: .* \(memory bound\)/);
    const gpu = screen.getByLabelText('Cost engine’s prediction (modeled) on') as HTMLSelectElement;
    const before = model
      ?.querySelector('[data-working-seconds]')
      ?.getAttribute('data-working-seconds');
    fireEvent.change(gpu, { target: { value: 'h100-sxm' } });
    expect(
      document.querySelector('[data-working-seconds]')?.getAttribute('data-working-seconds'),
    ).not.toBe(before);
    expect(document.querySelector('[data-solved-mark]')).not.toBeNull();
    expect(deps.runOnGpu).not.toHaveBeenCalled();
  });

  it('names the line of a runtime error', async () => {
    const puzzle = findTritonPuzzle('scale-shift')!;
    localStorage.setItem('gpu-lab:puzzle-draft:triton:scale-shift', puzzle.starter);
    render(<TritonPage id="scale-shift" deps={noGpu()} />);
    const run = await screen.findByRole('button', { name: 'Run and check on the interpreter' });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(run));
    const fail = await screen.findByText(/the launch stopped/);
    expect(fail.textContent).toMatch(/line \d+/);
    expect(screen.getByRole('button', { name: /Go to line \d+/ })).toBeTruthy();
  });

  it('says so for an unknown puzzle', async () => {
    render(<TritonPage id="nope" deps={noGpu()} />);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('No such puzzle');
  });
});
