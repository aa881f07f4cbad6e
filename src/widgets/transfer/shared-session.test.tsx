// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createSessionStore } from '../../store/session';
import { WIDGETS } from '../registry';
import type { BenchDeps } from './bench-controller';
import TransferSimulator from './TransferSimulator';

const noBench: BenchDeps = {
  acquire: async () => ({ ok: false, message: 'no WebGPU in tests' }),
  plan: () => [],
};

// The console is another widget: reached through the registry, as a lesson page reaches it.
let TorchConsole: ComponentType<Record<string, unknown>>;
beforeAll(async () => {
  const entry = WIDGETS.find((w) => w.id === 'console');
  TorchConsole = (await entry!.load()).default;
});

afterEach(() => {
  vi.useRealTimers();
  window.location.hash = '';
});

function pickerValue(label: RegExp): string {
  return (screen.getByLabelText(label) as HTMLSelectElement).value;
}

describe('the console and the transfer simulator on one page', () => {
  it('keep one GPU: a pick in either shows in the other, and in both widgets’ URL keys', async () => {
    window.location.hash = '#/lesson/x';
    const store = createSessionStore();
    render(
      <>
        <TransferSimulator store={store} webgpu={false} benchDeps={noBench} />
        <TorchConsole store={store} webgpu={false} />
      </>,
    );
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText(/Simulated GPU \(console\)/), {
      target: { value: 'h100-sxm' },
    });
    expect(pickerValue(/Simulated GPU \(transfer simulator\)/)).toBe('h100-sxm');
    expect(screen.getByLabelText<HTMLSelectElement>('Link').value).toBe('pcie5');
    vi.advanceTimersByTime(400);
    const { hash } = window.location;
    for (const pair of ['console.gpu=h100-sxm', 'transfer.gpu=h100-sxm', 'transfer.link=pcie5'])
      expect(hash).toContain(pair);

    await act(() => vi.waitFor(() => expect(store.getState().pending).toBe(0)));
    const transferPicker = screen.getByLabelText(/Simulated GPU \(transfer simulator\)/);
    expect((transferPicker as HTMLSelectElement).disabled).toBe(false);
    fireEvent.change(transferPicker, {
      target: { value: 'rtx-4090' },
    });
    expect(pickerValue(/Simulated GPU \(console\)/)).toBe('rtx-4090');
    expect(store.getState().target.gpu).toBe('rtx-4090');
    vi.advanceTimersByTime(400);
    expect(window.location.hash).toContain('console.gpu=rtx-4090');
    expect(window.location.hash).toContain('transfer.gpu=rtx-4090');
  });

  it('a widget that loads later takes the GPU another widget’s link set, without undoing it', async () => {
    window.location.hash = '#/lesson/x?transfer.gpu=h100-sxm';
    const store = createSessionStore();
    render(<TransferSimulator store={store} webgpu={false} benchDeps={noBench} />);
    await act(() => vi.waitFor(() => expect(store.getState().session.gpu.id).toBe('h100-sxm')));
    render(<TorchConsole store={store} webgpu={false} />);
    expect(pickerValue(/Simulated GPU \(console\)/)).toBe('h100-sxm');
    await act(() => vi.waitFor(() => expect(store.getState().pending).toBe(0)));
    expect(store.getState().target.gpu).toBe('h100-sxm');
    expect(store.getState().transcript.filter((e) => e.origin === 'note')).toHaveLength(1);
  });
});
