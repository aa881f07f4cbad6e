// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { GpuAcquisition } from '../../gpu';
import { DeviceCard } from './DeviceCard';

const live: GpuAcquisition = {
  ok: true,
  gpu: {
    device: {
      features: new Set(['timestamp-query']),
      limits: { maxComputeInvocationsPerWorkgroup: 256 },
    } as unknown as GPUDevice,
    adapter: {
      vendor: 'google',
      architecture: 'swiftshader',
      device: '',
      description: 'SwiftShader driver',
      isFallback: true,
      limits: { maxComputeInvocationsPerWorkgroup: 256, maxBindGroups: 4 },
      features: ['timestamp-query', 'subgroups'],
    },
    lost: new Promise(() => {}),
    isLost: () => false,
  },
};

function card(): HTMLElement {
  return document.querySelector('[data-widget="device"]') as HTMLElement;
}

describe('DeviceCard', () => {
  it('shows the adapter, says it is a software fallback, and maps limits to CUDA', async () => {
    render(<DeviceCard acquire={async () => live} />);
    expect(card().getAttribute('data-status')).toBe('running');
    await waitFor(() => expect(card().getAttribute('data-status')).toBe('done'));
    expect(document.querySelector('[data-fallback]')?.textContent).toMatch(/software fallback/);
    expect(screen.getByText('swiftshader')).toBeTruthy();
    expect(
      document.querySelector('[data-limit="maxComputeInvocationsPerWorkgroup"]')?.textContent,
    ).toMatch(/256.*maxThreadsPerBlock/);
    expect(screen.getByText('All 2 limits')).toBeTruthy();
    expect(screen.getByText('total_memory')).toBeTruthy();
  });

  it('explains why there is nothing to show without WebGPU', async () => {
    const none: GpuAcquisition = {
      ok: false,
      reason: 'no-webgpu',
      message: 'This browser has no WebGPU.',
    };
    render(<DeviceCard acquire={async () => none} />);
    await waitFor(() => expect(card().getAttribute('data-status')).toBe('error'));
    expect(document.querySelector('.dc-none')?.textContent).toMatch(
      /No GPU to describe: This browser has no WebGPU/,
    );
  });
});

describe('DeviceCard share link', () => {
  beforeEach(() => {
    window.location.hash = '#/lesson/inside-a-gpu';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    window.history.replaceState(null, '', '#');
  });

  it('carries the anchor and a title beside the Share control', async () => {
    render(<DeviceCard acquire={async () => live} />);
    await waitFor(() => expect(card().getAttribute('data-status')).toBe('done'));
    expect(card().id).toBe('widget-device');
    const header = card().querySelector('.widget-header');
    expect(header?.querySelector('h3')?.textContent).toBe('Your GPU, as WebGPU reports it');
    expect(header?.querySelector('button')?.textContent).toMatch(/^Share/);
  });

  it('scrolls to the card when opened through its link', async () => {
    // jsdom has no scrollIntoView: lend one for this test only.
    const original = Element.prototype.scrollIntoView;
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    try {
      window.location.hash = '#/lesson/inside-a-gpu/widget-device';
      render(<DeviceCard acquire={async () => live} />);
      await waitFor(() => expect(card().getAttribute('data-status')).toBe('done'));
      expect(scroll).toHaveBeenCalled();
      expect(scroll.mock.contexts[0]).toBe(card());
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('ignores settings a link gives it, with a notice, and still shows the device', async () => {
    window.location.hash =
      '#/lesson/inside-a-gpu?device.gpu=%3Cb%3Ex%3C%2Fb%3E&device.vendor=nvidia';
    render(<DeviceCard acquire={async () => live} />);
    await waitFor(() => expect(card().getAttribute('data-status')).toBe('done'));
    const notices = card().querySelector('.widget-notices')?.textContent ?? '';
    expect(notices).toContain('device.gpu is not a setting of this widget; ignored.');
    expect(notices).toContain('device.vendor is not a setting of this widget; ignored.');
    expect(card().querySelector('b')).toBeNull();
    expect(screen.getByText('swiftshader')).toBeTruthy();
  });

  it('never writes the URL, and shares a link with nothing it measured', async () => {
    vi.useFakeTimers();
    render(<DeviceCard acquire={async () => live} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(card().getAttribute('data-status')).toBe('done');
    expect(window.location.hash).toBe('#/lesson/inside-a-gpu');
    fireEvent.click(screen.getByRole('button', { name: /^Share/ }));
    const link = (screen.getByLabelText('Link to these settings') as HTMLInputElement).value;
    expect(link).toMatch(/#\/lesson\/inside-a-gpu\/widget-device$/);
    expect(link).not.toMatch(/swiftshader|google|\?/);
  });
});
