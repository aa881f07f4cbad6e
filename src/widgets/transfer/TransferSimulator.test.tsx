// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../store/session';
import type { BenchDeps } from './bench-controller';
import TransferSimulator from './TransferSimulator';

const noBench: BenchDeps = {
  acquire: async () => ({ ok: false, message: 'no WebGPU in tests' }),
  plan: () => [],
};

async function setup() {
  const store = createSessionStore();
  render(<TransferSimulator store={store} webgpu={false} benchDeps={noBench} />);
  const root = document.querySelector('[data-widget="transfer"]') as HTMLElement;
  await waitFor(() => expect(root.querySelectorAll('[data-place="cpu"]')).toHaveLength(3));
  return { store, root };
}

describe('<TransferSimulator />', () => {
  it('starts with the batch, the weight and the bias in host memory', async () => {
    const { root } = await setup();
    const host = within(screen.getByRole('region', { name: 'Host memory (CPU RAM)' }));
    expect(host.getByText('batch', { selector: 'code' })).toBeTruthy();
    expect(host.getByText('19.27 MB')).toBeTruthy();
    expect(host.getByText('1.05 MB')).toBeTruthy();
    expect(host.getByText('2.05 KB')).toBeTruthy();
    expect(root.getAttribute('data-status')).toBe('idle');
  });

  it('moves a tensor to the GPU with the keyboard and back, printing the PyTorch lines', async () => {
    const { root, store } = await setup();
    const up = screen.getByRole('button', { name: /^Move bias to GPU$/i });
    up.focus();
    await act(async () => {
      fireEvent.keyDown(up, { key: 'ArrowRight' });
    });
    await waitFor(() =>
      expect(root.querySelector('[data-item="bias"]')?.getAttribute('data-place')).toBe('cuda'),
    );
    expect(store.getState().transcript.at(-1)?.source).toBe('bias = bias.to("cuda")');
    expect(screen.getByRole('status').textContent).toMatch(
      /Moved bias to the GPU: 2\.05 KB in 15\.3 µs over PCIe 4\.0 x16 \(pageable, synchronous\)/,
    );
    expect(root.textContent).toContain('bias = bias.to("cuda")');

    fireEvent.click(screen.getByRole('radio', { name: 'pinned' }));
    fireEvent.click(screen.getByLabelText(/non_blocking=True/));
    const down = screen.getByRole('button', { name: /^Move bias to host$/i });
    await act(async () => {
      fireEvent.keyDown(down, { key: 'ArrowLeft' });
    });
    await waitFor(() =>
      expect(root.querySelector('[data-item="bias"]')?.getAttribute('data-place')).toBe('cpu'),
    );
    expect(store.getState().transcript.at(-1)?.source).toBe(
      'bias = bias.to("cpu", non_blocking=True)',
    );
    expect(root.getAttribute('data-status')).not.toBe('idle');
  });

  it('pins before a pinned upload and shows the out-of-memory error past the GPU size', async () => {
    const { store } = await setup();
    fireEvent.click(screen.getByRole('radio', { name: 'pinned' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Move batch to GPU$/i }));
    });
    await waitFor(() =>
      expect(store.getState().transcript.at(-1)?.source).toBe('batch = batch.to("cuda")'),
    );
    expect(store.getState().transcript.at(-2)?.source).toBe('batch = batch.pin_memory()');

    fireEvent.change(screen.getByLabelText(/Simulated GPU/), { target: { value: 'rtx-3080' } });
    await waitFor(() => expect(store.getState().session.gpu.id).toBe('rtx-3080'));
    await waitFor(() => expect(store.getState().pending).toBe(0));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'huge' } });
    fireEvent.change(screen.getByLabelText('Shape'), { target: { value: '55000, 55000' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Create a tensor' }));
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Move huge to GPU$/i })).toBeTruthy(),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Move huge to GPU$/i }));
    });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        /^torch\.OutOfMemoryError: CUDA out of memory\. Tried to allocate 11\.27 GiB\. GPU 0 has a total capacity of 10\.00 GiB/,
      ),
    );
  });
});
