// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UpdateNotice } from './UpdateNotice';
import type { ContainerLike, RegistrationLike } from './sw-register';

function containerWithWaitingWorker() {
  const worker = { state: 'installed', postMessage: vi.fn(), addEventListener: vi.fn() };
  const registration: RegistrationLike = {
    installing: null,
    waiting: worker,
    addEventListener: vi.fn(),
  };
  const register = vi.fn(() => Promise.resolve(registration));
  const container: ContainerLike = { controller: {}, register, addEventListener: vi.fn() };
  return { container, worker, register };
}

describe('UpdateNotice', () => {
  it('registers nothing and shows nothing outside a production build', async () => {
    const { container, register } = containerWithWaitingWorker();
    await act(async () => {
      render(<UpdateNotice container={container} production={false} />);
    });
    expect(register).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers a waiting version, and Reload asks it to take over', async () => {
    const { container, worker, register } = containerWithWaitingWorker();
    await act(async () => {
      render(<UpdateNotice container={container} production reload={vi.fn()} />);
    });
    expect(register).toHaveBeenCalledWith('./sw.js', { scope: './' });
    expect(screen.getByRole('status').textContent).toContain('A new version is ready');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' });
  });

  it('can be put off with Later', async () => {
    const { container } = containerWithWaitingWorker();
    await act(async () => {
      render(<UpdateNotice container={container} production />);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing where the browser has no service workers', async () => {
    await act(async () => {
      render(<UpdateNotice container={null} production />);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
