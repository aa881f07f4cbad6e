// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import MemorySnapshot from './MemorySnapshot';
import type { SnapshotDeps } from './controller';
import { exampleBytes } from './testing/example-file';
import { rawBytes } from './testing/pickle-writer';
import { block, segment, snapshotPickle } from './testing/snapshot-builder';
import { InlineSnapshotWorker, workerAnalyser } from './worker/analyser';

const EXAMPLE = exampleBytes();

const deps = (): SnapshotDeps => ({
  analyser: workerAnalyser(() => new InlineSnapshotWorker()),
  fetchExample: async () => EXAMPLE.slice().buffer,
});

/** A File whose bytes jsdom can hand back. */
function fileOf(name: string, bytes: Uint8Array): File {
  const file = new File([bytes.slice()], name);
  Object.defineProperty(file, 'arrayBuffer', { value: async () => bytes.slice().buffer });
  return file;
}

const root = () => document.querySelector<HTMLElement>('[data-widget="memory-snapshot"]');

beforeEach(() => {
  window.location.hash = '#/lesson/gpu-memory';
});

describe('MemorySnapshot', () => {
  it('starts with the drop zone, the file button and the privacy note', () => {
    render(<MemorySnapshot deps={deps()} />);
    expect(root()?.dataset.status).toBe('idle');
    const input = screen.getByLabelText('Snapshot file');
    expect(input.getAttribute('type')).toBe('file');
    // The button is the way to the (hidden) file input.
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Choose a snapshot file…' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(root()?.textContent).toMatch(/never uploaded, and nothing in it\s+leaves your machine/);
    expect(screen.queryByTestId('peak-table')).toBeNull();
  });

  it('opens the example: peak on the chart, the table sorted by size, the link updated', async () => {
    render(<MemorySnapshot deps={deps()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the example' }));
    const table = await screen.findByTestId('peak-table');
    expect(root()?.dataset.status).toBe('done');
    expect(screen.getByTestId('peak-marker').textContent).toMatch(/^peak 713\.2 MiB at \d/);
    expect(root()?.querySelector('[data-source="example"]')?.textContent).toMatch(
      /recorded on an NVIDIA H100 80GB HBM3 with PyTorch 2\.11/,
    );
    const sizes = () =>
      [...table.querySelectorAll<HTMLElement>('tbody tr')].map((r) => Number(r.dataset.bytes));
    expect(sizes()[0]).toBe(64 * 1024 * 1024);
    expect(sizes()).toEqual([...sizes()].sort((a, b) => b - a));
    const sizeHeader = within(table).getByRole('columnheader', { name: /Size/ });
    expect(sizeHeader.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(sizeHeader).getByRole('button'));
    expect(sizeHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(sizes()).toEqual([...sizes()].sort((a, b) => a - b));
    expect(within(table).getAllByText('train_snapshot.py:13 in <module>').length).toBeGreaterThan(
      0,
    );
    await waitFor(() => expect(window.location.hash).toContain('memory-snapshot.example=true'));
  });

  it('switches to the segments view and keeps it in the link', async () => {
    render(<MemorySnapshot deps={deps()} example />);
    const segments = await screen.findByRole('radio', { name: 'Segments and blocks' });
    fireEvent.click(segments);
    const list = root()?.querySelectorAll('.snap-segment') ?? [];
    expect(list).toHaveLength(17);
    expect(root()?.textContent).toMatch(/17 segments reserve 786 MiB from CUDA/);
    await waitFor(() => expect(window.location.hash).toContain('memory-snapshot.view=segments'));
  });

  it('analyses a file chosen with the file input, and turns the example off in the link', async () => {
    render(<MemorySnapshot deps={deps()} example />);
    await screen.findByTestId('peak-table');
    const bytes = snapshotPickle([segment(0x1000, [block(0x1000, 4096, 'active_allocated')])]);
    fireEvent.change(screen.getByLabelText('Snapshot file'), {
      target: { files: [fileOf('mine.pickle', bytes)] },
    });
    await screen.findByTestId('no-history');
    expect(root()?.querySelector('[data-source="file"]')?.textContent).toMatch(/^mine\.pickle/);
    expect(screen.queryByTestId('peak-table')).toBeNull();
    expect(root()?.querySelectorAll('.snap-segment')).toHaveLength(1);
    await waitFor(() => expect(window.location.hash).not.toContain('example=true'));
  });

  it('shows a dropped hostile file’s problem and keeps working afterwards', async () => {
    render(<MemorySnapshot deps={deps()} />);
    const zone = screen.getByTestId('snapshot-drop-zone');
    const evil = fileOf(
      'evil.pickle',
      rawBytes(0x80, 4, 'cos\nsystem\n', 0x8c, 2, 'ls', 0x85, 'R.'),
    );
    fireEvent.drop(zone, { dataTransfer: { files: [evil], types: ['Files'] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Refused: the file asks to run code \(evil\.pickle\)/);
    expect(alert.textContent).toMatch(/GLOBAL opcode at byte 2/);
    expect(root()?.dataset.status).toBe('error');
    fireEvent.click(screen.getByRole('button', { name: 'Open the example' }));
    await screen.findByTestId('peak-table');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
