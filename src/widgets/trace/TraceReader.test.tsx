// @vitest-environment jsdom
// @vitest-pool threads: it reads files through Node's Blob streams and DecompressionStream, which do not take a VM context's chunks.
import { Blob as NodeBlob } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import TraceReader from './TraceReader';
import type { TraceDeps } from './controller';
import type { TraceEngine } from './engine-port';
import { cpuOp, exampleGzipBytes, kernel, traceJson } from './testing/trace-builder';
import { InlineTraceWorker, workerTraceReader } from './worker/reader';

const EXAMPLE = exampleGzipBytes();

/** A Node Blob (which streams) from any Blob jsdom hands over. */
async function nodeBlob(blob: Blob): Promise<Blob> {
  return new NodeBlob([new Uint8Array(await blob.arrayBuffer())]) as unknown as Blob;
}

const FAKE_ENGINE: TraceEngine = {
  networks: [{ id: 'bert-base', name: 'BERT-base' }],
  gpus: [{ id: 'h200-sxm', name: 'NVIDIA H200' }],
  predict: () => ({
    ok: true,
    step: { kernels: 1100, seconds: 0.04, hostSeconds: 0.04, gpuSeconds: 0.011, gpuIdleShare: 0.7 },
  }),
};

const deps = (): TraceDeps => {
  const real = workerTraceReader(() => new InlineTraceWorker());
  return {
    reader: {
      read: async (blob, progress, signal) => real.read(await nodeBlob(blob), progress, signal),
    },
    fetchExample: async () => new NodeBlob([EXAMPLE]) as unknown as Blob,
    loadEngine: async () => FAKE_ENGINE,
  };
};

/** A File whose bytes jsdom can hand back. */
function fileOf(name: string, text: string): File {
  const bytes = new TextEncoder().encode(text);
  const file = new File([bytes], name);
  Object.defineProperty(file, 'arrayBuffer', { value: async () => bytes.slice().buffer });
  return file;
}

const root = () => document.querySelector<HTMLElement>('[data-widget="trace"]');

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  window.location.hash = '#/lesson/measuring';
});

describe('TraceReader', () => {
  it('starts with the drop zone, the file button and the privacy note', () => {
    render(<TraceReader deps={deps()} />);
    expect(root()?.dataset.status).toBe('idle');
    const input = screen.getByLabelText('Trace file');
    expect(input.getAttribute('type')).toBe('file');
    // The button is the way to the (hidden) file input.
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Choose a trace file…' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(root()?.textContent).toMatch(/never uploaded/);
  });

  it('opens the example: kernels per step, busy share, the host-bound verdict, the tables', async () => {
    render(<TraceReader deps={deps()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the example' }));
    const verdict = await screen.findByTestId('trace-verdict', {}, { timeout: 10_000 });
    expect(verdict.textContent).toMatch(/^Bound by the host/);
    expect(root()?.dataset.status).toBe('done');
    const summary = screen.getByTestId('trace-summary').textContent ?? '';
    expect(summary).toMatch(/1,145 kernels per step averaging 14 µs/);
    expect(summary).toMatch(/2,290 kernels in all/);
    expect(summary).toMatch(/GPU busy 30 % of the traced time/);
    expect(root()?.querySelector('[data-source="example"]')?.textContent).toMatch(/NVIDIA H200/);
    expect(screen.getByTestId('kernel-table').querySelectorAll('tbody tr').length).toBe(15);
    fireEvent.click(screen.getByRole('radio', { name: 'Top CPU ops' }));
    expect(screen.getByTestId('cpu-op-table').textContent).toMatch(/aten::linear/);
    await waitFor(() => expect(window.location.hash).toContain('trace.table=cpu-ops'));
    expect(window.location.hash).toContain('trace.example=true');
    fireEvent.click(screen.getByRole('button', { name: 'Compare with the cost engine' }));
    const comparison = await screen.findByTestId('comparison-table');
    expect(comparison.textContent).toMatch(/Kernels per step1,1001,145/);
  });

  it('zooms the timeline from the keyboard', async () => {
    render(<TraceReader deps={deps()} example />);
    const timeline = await screen.findByTestId('trace-timeline', {}, { timeout: 10_000 });
    const shown = () => screen.getByTestId('trace-window').textContent;
    expect(shown()).toMatch(/^Showing 0 s to 109 ms of 109 ms$/);
    fireEvent.keyDown(timeline, { key: '+' });
    expect(shown()).toMatch(/^Showing 27.3 ms to 82 ms/);
    fireEvent.keyDown(timeline, { key: '0' });
    expect(shown()).toMatch(/^Showing 0 s to 109 ms/);
  });

  it('shows a bad file’s problem, keeps hostile names as text, and keeps working', async () => {
    render(<TraceReader deps={deps()} />);
    fireEvent.change(screen.getByLabelText('Trace file'), {
      target: { files: [fileOf('notes.txt', 'hello, not json')] },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Not a JSON file \(notes\.txt\)/);
    expect(root()?.dataset.status).toBe('error');
    const evil = '<img src=x onerror="globalThis.pwned=1">';
    const text = traceJson([cpuOp(evil, 0, 10), ...kernel(evil, 2, 5, 1)]);
    fireEvent.drop(screen.getByTestId('trace-drop-zone'), {
      dataTransfer: { files: [fileOf('evil.json', text)], types: ['Files'] },
    });
    const table = await screen.findByTestId('kernel-table');
    expect(table.querySelector('td.trace-name')?.getAttribute('title')).toBe(evil);
    expect(root()?.querySelector('img')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
