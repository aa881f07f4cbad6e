// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import TorchConsole from './TorchConsole';
import { createSessionStore, resetSessionStores } from '../../store/session';

beforeEach(() => {
  window.location.hash = '#/lesson/x';
});

afterEach(() => {
  vi.useRealTimers();
  window.location.hash = '';
  resetSessionStores();
});

function setup(props: Record<string, unknown> = {}, store = createSessionStore()) {
  render(<TorchConsole store={store} webgpu={false} {...props} />);
  const input = screen.getByRole('textbox', {
    name: /Python statement for the PyTorch console/,
  }) as HTMLInputElement;
  const root = document.querySelector('[data-widget="console"]') as HTMLElement;
  return { store, input, root };
}

async function enter(input: HTMLInputElement, line: string) {
  fireEvent.change(input, { target: { value: line } });
  await act(async () => {
    fireEvent.submit(input.closest('form') as HTMLFormElement);
  });
}

describe('<TorchConsole />', () => {
  it('runs the preset lines and says the CUDA device is simulated', async () => {
    const { root } = setup({ preset: 'devices' });
    await waitFor(() => expect(root.getAttribute('data-status')).toBe('done'));
    expect(root.textContent).toMatch(/simulated/);
    expect(root.textContent).toContain("'NVIDIA A100 SXM 80 GB'");
    expect(root.textContent).toContain("device(type='cuda')");
  });

  it('runs typed lines, shows errors with a hint, and recalls history with the arrow keys', async () => {
    const { input, root } = setup();
    await enter(input, 'import torch');
    await enter(input, 'x = torch.ones(2, device="cuda")');
    await enter(input, 'x.numpy()');
    await waitFor(() => expect(root.querySelector('[data-console-error]')).not.toBeNull());
    expect(root.querySelector('[data-console-error]')?.textContent).toMatch(
      /TypeError: can't convert cuda:0 device type tensor to numpy\. Use Tensor\.cpu\(\) to copy the tensor to host memory first\.Hint: /,
    );
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'half-typed' } });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('x.numpy()');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('x = torch.ones(2, device="cuda")');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.value).toBe('x.numpy()');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.value).toBe('half-typed');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });

  it('restarts on another GPU when the learner picks one', async () => {
    const { input, root, store } = setup({ lines: ['import torch'] });
    await waitFor(() => expect(store.getState().transcript).toHaveLength(1));
    fireEvent.change(screen.getByLabelText(/Simulated GPU/), { target: { value: 'h100-sxm' } });
    await waitFor(() =>
      expect(root.textContent).toMatch(/the simulated GPU is now NVIDIA H100 SXM/),
    );
    await enter(input, 'torch.cuda.get_device_name()');
    await waitFor(() => expect(root.textContent).toContain("'NVIDIA H100 SXM'"));
  });

  it('applies the GPU a link sets at mount', async () => {
    window.location.hash = '#/lesson/x?console.gpu=h100-sxm';
    const { store } = setup();
    expect((screen.getByLabelText(/Simulated GPU/) as HTMLSelectElement).value).toBe('h100-sxm');
    await waitFor(() => expect(store.getState().session.gpu.id).toBe('h100-sxm'));
  });

  it('does not restart the session at mount when the link names its GPU', async () => {
    window.location.hash = '#/lesson/x?console.gpu=h100-sxm';
    const { store } = setup({ lines: ['import torch'] }, createSessionStore({ gpu: 'h100-sxm' }));
    await waitFor(() => expect(store.getState().transcript).toHaveLength(1));
    await waitFor(() => expect(store.getState().pending).toBe(0));
    expect(store.getState().transcript.map((e) => e.origin)).toEqual(['preset']);
  });

  it('starts the page’s session on the lesson’s GPU, with nothing written to the URL', async () => {
    render(<TorchConsole gpu="rtx-4090" webgpu={false} lines={['import torch']} />);
    await waitFor(() => expect(document.body.textContent).toContain('NVIDIA GeForce RTX 4090'));
    expect((screen.getByLabelText(/Simulated GPU/) as HTMLSelectElement).value).toBe('rtx-4090');
    expect(window.location.hash).toBe('#/lesson/x');
  });

  it('writes the GPU the learner picks into the URL', async () => {
    const { store } = setup();
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText(/Simulated GPU/), { target: { value: 'rtx-3080' } });
    vi.advanceTimersByTime(400);
    expect(window.location.hash).toBe('#/lesson/x?console.gpu=rtx-3080');
    expect(store.getState().target.gpu).toBe('rtx-3080');
  });

  it('follows the store when another widget changes the GPU', async () => {
    const { store } = setup();
    await act(async () => {
      await store.getState().setGpu('h200-sxm');
    });
    expect((screen.getByLabelText(/Simulated GPU/) as HTMLSelectElement).value).toBe('h200-sxm');
    await waitFor(() => expect(window.location.hash).toBe('#/lesson/x?console.gpu=h200-sxm'));
  });

  it('falls back from a hostile GPU with a notice, rendered as text', async () => {
    const trap = '<img src=x onerror="window.__pwned=1">';
    window.location.hash = `#/lesson/x?console.gpu=${encodeURIComponent(trap)}`;
    const { input, root, store } = setup();
    expect(root.querySelector('.widget-notices-box')?.textContent).toMatch(
      /Simulated GPU: .* is not one of the choices; using a100-sxm-80gb/,
    );
    expect(root.querySelector('img')).toBeNull();
    expect((screen.getByLabelText(/Simulated GPU/) as HTMLSelectElement).value).toBe(
      'a100-sxm-80gb',
    );
    await enter(input, 'import torch; torch.cuda.get_device_name()');
    await waitFor(() => expect(root.textContent).toContain("'NVIDIA A100 SXM 80 GB'"));
    expect(store.getState().session.gpu.id).toBe('a100-sxm-80gb');
  });

  it('puts the GPU, and only the GPU, in its Share link', async () => {
    window.location.hash = '#/lesson/x?console.gpu=rtx-4090';
    const { input } = setup();
    await enter(input, 'secret = 1');
    fireEvent.click(screen.getByRole('button', { name: /^Share/ }));
    const link = (screen.getByLabelText('Link to these settings') as HTMLInputElement).value;
    expect(link).toMatch(/#\/lesson\/x\/widget-console\?console\.gpu=rtx-4090$/);
    expect(link).not.toContain('secret');
  });
});
