// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../store/session';
import type { BenchDeps } from './bench-controller';
import TransferSimulator from './TransferSimulator';

const noBench: BenchDeps = {
  acquire: async () => ({ ok: false, message: 'no WebGPU in tests' }),
  plan: () => [],
};

beforeEach(() => {
  window.location.hash = '#/lesson/x';
});

afterEach(() => {
  vi.useRealTimers();
  window.location.hash = '';
});

/** The simulator's own status line (the settings notices are a status region too). */
function statusText(): string {
  return document.querySelector('[data-transfer-status]')?.textContent ?? '';
}

/** The value of the control labelled `label`. */
function valueOf(label: RegExp | string): string {
  return (screen.getByLabelText(label) as HTMLSelectElement).value;
}

async function setup() {
  const store = createSessionStore();
  render(<TransferSimulator store={store} webgpu={false} benchDeps={noBench} />);
  const root = document.querySelector('[data-widget="transfer"]') as HTMLElement;
  await waitFor(() => expect(root.querySelectorAll('[data-place="cpu"]')).toHaveLength(3));
  return { store, root };
}

describe('<TransferSimulator />', () => {
  it('starts with the batch, the weight and the bias in host memory', async () => {
    const { root, store } = await setup();
    // On the A100 over its own PCIe 4.0 link, pageable and blocking, measuring up to 64 MiB.
    expect(valueOf(/Simulated GPU/)).toBe('a100-sxm-80gb');
    expect(store.getState().session.gpu.id).toBe('a100-sxm-80gb');
    expect(valueOf('Link')).toBe('pcie4');
    expect((screen.getByRole('radio', { name: 'pinned' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText(/non_blocking=True/) as HTMLInputElement).checked).toBe(false);
    expect(valueOf('Largest size')).toBe(String(64 * 1024 ** 2));
    const host = screen.getByRole('region', { name: 'Host memory (CPU RAM)' });
    const items = [...host.querySelectorAll('[data-item]')].map((item) => [
      item.querySelector('.item-name')?.textContent,
      item.querySelector('.item-size')?.textContent,
    ]);
    // float32: (32, 3, 224, 224) is 19,267,584 bytes, (512, 512) 1,048,576, (512,) 2,048.
    expect(items).toEqual([
      ['batch', '19.27 MB'],
      ['weight', '1.05 MB'],
      ['bias', '2.05 KB'],
    ]);
    expect(root.querySelectorAll('[data-place="cuda"]')).toHaveLength(0);
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
    expect(statusText()).toMatch(
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
    const { root, store } = await setup();
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
      expect(root.querySelector('[data-item="huge"]')?.getAttribute('data-place')).toBe('cpu'),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Move huge to GPU$/i }));
    });
    await waitFor(() =>
      expect(statusText()).toMatch(
        /^torch\.OutOfMemoryError: CUDA out of memory\. Tried to allocate 11\.27 GiB\. GPU 0 has a total capacity of 10\.00 GiB/,
      ),
    );
  });

  it('applies the settings a link sets at mount: GPU, link, memory, non_blocking, largest size', async () => {
    window.location.hash =
      '#/lesson/x?transfer.gpu=h100-sxm&transfer.link=pcie3&transfer.pinned=true&transfer.nb=true&transfer.max=256';
    const { store } = await setup();
    await waitFor(() => expect(store.getState().session.gpu.id).toBe('h100-sxm'));
    expect(store.getState().session.link).toBe('pcie3');
    expect(valueOf(/Simulated GPU/)).toBe('h100-sxm');
    expect(valueOf('Link')).toBe('pcie3');
    expect((screen.getByRole('radio', { name: 'pinned' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/non_blocking=True/) as HTMLInputElement).checked).toBe(true);
    expect(valueOf('Largest size')).toBe(String(256 * 1024 ** 2));
  });

  it('writes every switch the learner changes into the URL', async () => {
    const { store } = await setup();
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'pcie3' } });
    fireEvent.click(screen.getByRole('radio', { name: 'pinned' }));
    fireEvent.click(screen.getByLabelText(/non_blocking=True/));
    fireEvent.change(screen.getByLabelText('Largest size'), {
      target: { value: String(1024 ** 2) },
    });
    vi.advanceTimersByTime(400);
    expect(window.location.hash).toBe(
      '#/lesson/x?transfer.link=pcie3&transfer.pinned=true&transfer.nb=true&transfer.max=1',
    );
    expect(store.getState().session.link).toBe('pcie3');
    fireEvent.change(screen.getByLabelText(/Simulated GPU/), { target: { value: 'h100-sxm' } });
    vi.advanceTimersByTime(400);
    expect(window.location.hash).toBe(
      '#/lesson/x?transfer.gpu=h100-sxm&transfer.link=pcie5&transfer.pinned=true&transfer.nb=true&transfer.max=1',
    );
    expect(store.getState().target).toEqual({ gpu: 'h100-sxm', link: 'pcie5' });
  });

  it('falls back from hostile values with notices and keeps working', async () => {
    const trap = encodeURIComponent('<img src=x onerror="window.__pwned=1">');
    window.location.hash = `#/lesson/x?transfer.link=${trap}&transfer.max=1e309&transfer.nb=maybe&transfer.gpu=apple-m2`;
    const { root, store } = await setup();
    const notices = root.querySelector('.widget-notices-box')?.textContent ?? '';
    expect(notices).toMatch(/Link: .* is not one of the choices; using pcie4/);
    expect(notices).toMatch(/Largest size \(MiB\)/);
    expect(notices).toMatch(/Simulated GPU: .* using a100-sxm-80gb/);
    expect(root.querySelector('img')).toBeNull();
    expect(valueOf('Link')).toBe('pcie4');
    expect(valueOf('Largest size')).toBe(String(64 * 1024 ** 2));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Move bias to GPU$/i }));
    });
    await waitFor(() => expect(statusText()).toMatch(/Moved bias to the GPU: .* over PCIe 4\.0/));
    expect(store.getState().session.gpu.id).toBe('a100-sxm-80gb');
  });

  it('carries its settings, and no tensors or measurements, in its Share link', async () => {
    window.location.hash = '#/lesson/x?transfer.link=pcie5&transfer.pinned=true';
    await setup();
    fireEvent.click(screen.getByLabelText(/non_blocking=True/));
    fireEvent.click(screen.getByRole('button', { name: /^Share/ }));
    const link = (screen.getByLabelText('Link to these settings') as HTMLInputElement).value;
    expect(new URL(link).hash).toBe(
      '#/lesson/x/widget-transfer?transfer.link=pcie5&transfer.pinned=true&transfer.nb=true',
    );
  });
});
