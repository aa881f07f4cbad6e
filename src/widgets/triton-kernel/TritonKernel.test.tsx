// @vitest-environment jsdom
import { predictTritonPuzzle } from '../../puzzles/predict';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findTritonPuzzle } from '../../triton/puzzles/index';
import { interpreterDeps } from './testing/deps';
import TritonKernel from './TritonKernel';

// The editor (CodeMirror, loaded lazily) is the puzzle pages' and tested there; here, a textarea.
vi.mock('../../puzzle-page/editor/CodeEditor', () => ({
  CodeEditor: ({
    text,
    label,
    onChange,
  }: {
    text: string;
    label: string;
    onChange(text: string): void;
  }) => <textarea aria-label={label} value={text} onChange={(e) => onChange(e.target.value)} />,
}));

const root = () => document.querySelector<HTMLElement>('[data-widget="triton-kernel"]')!;
const q = (selector: string) => root().querySelector<HTMLElement>(selector);

afterEach(() => window.history.replaceState(null, '', '#'));

describe('TritonKernel', () => {
  it('runs the fused softmax on the interpreter, says so, and shows it in CUDA C++ and WGSL', async () => {
    render(<TritonKernel deps={interpreterDeps()} />);
    const editor = screen.getByLabelText(
      /^The Triton kernel of Fused softmax \(Python\), editable/,
    );
    expect((editor as HTMLTextAreaElement).value).toBe(findTritonPuzzle('fused-softmax')!.solution);
    await waitFor(() => expect(q('[data-backend]')!.dataset.backend).toBe('interpreter'));
    expect(q('[data-backend]')!.textContent).toMatch(
      /^Kernels run on the interpreter \(in JavaScript, on your CPU\)/,
    );
    // The other two ways, read only, side by side.
    expect(q('[data-other-ways="softmax"] [data-language="cuda"] code')!.textContent).toMatch(
      /__global__ void row_softmax/,
    );
    expect(q('[data-other-ways="softmax"] [data-language="wgsl"] code')!.textContent).toMatch(
      /var<workgroup> scratch/,
    );
    // The prediction, modeled, before anything runs.
    expect(q('[data-prediction]')!.textContent).toMatch(
      /^modeled The cost engine predicts .* on NVIDIA H100 SXM/,
    );
    // And at the working size, where the kernel is bound by memory, not by its launch.
    const working = predictTritonPuzzle(
      findTritonPuzzle('fused-softmax')!,
      'h100-sxm',
      findTritonPuzzle('fused-softmax')!.workingSize,
    );
    expect(working.ok && working.bound).toBe('memory');
    expect(Number(q('[data-prediction] [data-working-seconds]')!.dataset.workingSeconds)).toBe(
      working.ok ? working.seconds : NaN,
    );

    const run = screen.getByRole('button', { name: 'Run and check on the interpreter' });
    await act(async () => fireEvent.click(run));
    await screen.findByText(/✓ Correct\. Passed at all 4 sizes\./);
    expect(q('[data-ran-on]')!.textContent).toBe(
      'Ran on the interpreter: this browser has no WebGPU (navigator.gpu is missing)',
    );
    await waitFor(() => expect(q('[data-timings]')).not.toBeNull());
    expect(q('[data-time="yours"] dt')!.textContent).toBe('This kernel (measured)');
    expect(q('[data-timings] [data-prediction]')).not.toBeNull();
    await waitFor(() => expect(root().dataset.status).toBe('done'));
  });

  it('names the first wrong element of an edited kernel, and a runtime error’s line', async () => {
    render(<TritonKernel deps={interpreterDeps()} />);
    const editor = screen.getByLabelText(/^The Triton kernel of Fused softmax/);
    const solution = findTritonPuzzle('fused-softmax')!.solution;
    fireEvent.change(editor, { target: { value: solution.replace('x - tl.max(x, axis=0)', 'x') } });
    const run = screen.getByRole('button', { name: 'Run and check on the interpreter' });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(run));
    const fail = await screen.findByText(/should be .* but is/);
    expect(fail.textContent).toMatch(/^✗ At .*: out\[\d+, \d+\] should be .* but is (NaN|0)/);
    fireEvent.change(editor, {
      target: { value: solution.replace('mask=mask, other', 'other') },
    });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(run));
    await screen.findByRole('button', { name: /^Go to line \d+$/ });
    expect(q('[data-check="fail"]')!.textContent).toMatch(
      /the launch stopped\. line 10: `other` cannot be provided without `mask`$/,
    );
    expect(screen.getByRole('button', { name: /^Go to line \d+$/ }).textContent).toBe(
      'Go to line 10',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to the reference kernel' }));
    expect((editor as HTMLTextAreaElement).value).toBe(solution);
  });

  it('shows a kernel without CUDA and WGSL twins alone, and says why a prop was not used', () => {
    render(<TritonKernel deps={interpreterDeps()} puzzle="layer-norm" view="sideways" />);
    expect(q('[data-other-ways="none"]')!.textContent).toMatch(/no CUDA C\+\+ and WGSL versions/);
    expect(root().textContent).toMatch(
      /View: "sideways" is not one of the choices; using kernel\./,
    );
  });

  it('autotunes the tiled matmul: checked, timed on the injected clock, ranked, the winner cached', async () => {
    // Scripted times per run: the 32 × 32 × 32 tile with 4 warps wins; 16 × 16 tiles lose.
    const seconds = (c: { constexprs: Readonly<Record<string, number>>; numWarps: number }) =>
      c.constexprs.BLOCK_K === 32
        ? 1e-3
        : c.constexprs.BLOCK_M === 16
          ? 4e-3
          : 2e-3 + c.numWarps * 1e-4;
    render(
      <TritonKernel
        deps={interpreterDeps(seconds)}
        instance="tune"
        puzzle="tiled-matmul"
        view="autotune"
      />,
    );
    expect(q('[data-autotune] pre')!.textContent).toMatch(/key=\['M', 'N', 'K'\]/);
    const run = await screen.findByRole('button', { name: 'Autotune on the interpreter' });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(run));
    await waitFor(() => expect(q('[data-cache-sentence]')).not.toBeNull(), { timeout: 20_000 });
    expect(q('[data-cache-sentence]')!.textContent).toBe(
      'Fastest: BLOCK_M: 32, BLOCK_N: 32, BLOCK_K: 32, num_warps: 4 (1 ms). Triton would cache this config for key (M, N, K) = (128, 128, 128): later launches with the same key skip the tuning and use it.',
    );
    expect(q('[data-ran-on]')!.textContent).toMatch(
      /These times are the interpreter’s .* not a GPU’s/,
    );
    const table = q('[data-tune-table]')!;
    const rows = () =>
      [...table.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-config'));
    expect(rows()).toHaveLength(6);
    expect(table.querySelector('tr[data-fastest="yes"]')!.getAttribute('data-config')).toBe(
      'BLOCK_M: 32, BLOCK_N: 32, BLOCK_K: 32, num_warps: 4',
    );
    expect(within(table).getAllByText(/★ fastest/)).toHaveLength(1);
    // Sorting by a column's button: aria-sort follows.
    const timeHead = within(table).getByRole('button', { name: /^Median time \(measured\)/ });
    fireEvent.click(timeHead);
    expect(timeHead.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(timeHead);
    expect(timeHead.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    expect(rows()[0]).toMatch(/BLOCK_M: 16/);
    expect(q('[data-autotune] [data-prediction]')!.textContent).toMatch(
      /at m = 128, n = 128, k = 128 on NVIDIA H100 SXM/,
    );
    expect(root().dataset.status).toBe('done');
  });

  it('cancels an autotune at its next turn, keeping the configs that finished', async () => {
    let release: () => void = () => {};
    let turns = 0;
    const deps = interpreterDeps(undefined, {
      // The page's turns: the first few pass, then one waits for the test.
      pause: () => (++turns < 6 ? Promise.resolve() : new Promise<void>((r) => (release = r))),
    });
    render(<TritonKernel deps={deps} puzzle="fused-softmax" view="autotune" />);
    const run = await screen.findByRole('button', { name: 'Autotune on the interpreter' });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(run));
    await waitFor(() => expect(turns).toBe(6));
    expect(root().dataset.status).toBe('running');
    expect(q('progress')).not.toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await act(async () => release());
    expect(q('[data-notice]')!.textContent).toBe(
      'Cancelled after 1 of 4 configs; the table keeps those.',
    );
    expect(q('[data-tune-table] tbody')!.querySelectorAll('tr')).toHaveLength(1);
    expect(q('[data-cache-sentence]')).toBeNull();
    expect((run as HTMLButtonElement).disabled).toBe(false);
  });
});
