// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import TorchConsole from './TorchConsole';
import { createSessionStore } from '../../store/session';

function setup(props: Record<string, unknown> = {}) {
  const store = createSessionStore();
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
});
