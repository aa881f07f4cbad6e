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
      // The page's device holds fewer threads per workgroup than the adapter offers.
      limits: { maxComputeInvocationsPerWorkgroup: 128 },
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

/** The identity list as label → value. */
function identity(): Record<string, string> {
  const rows = [...card().querySelectorAll('.dc-identity > div')];
  return Object.fromEntries(
    rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
  );
}

/** The cells of a table row, as text. */
const cells = (row: Element | null | undefined) =>
  [...(row?.querySelectorAll('th, td') ?? [])].map((c) => c.textContent);

describe('DeviceCard', () => {
  it('shows the adapter, says it is a software fallback, and maps limits to CUDA', async () => {
    render(<DeviceCard acquire={async () => live} />);
    expect(card().getAttribute('data-status')).toBe('running');
    await waitFor(() => expect(card().getAttribute('data-status')).toBe('done'));
    expect(document.querySelector('[data-fallback]')?.textContent).toMatch(/software fallback/);
    expect(identity()).toEqual({
      Vendor: 'google',
      Architecture: 'swiftshader',
      Device: 'not reported',
      Description: 'SwiftShader driver',
      'Software fallback': 'yes: runs on the CPU',
      'GPU timestamps': 'yes (timestamp-query)',
    });
    // Only the key limits the adapter reports get a row: the adapter's value, then the device's.
    expect(
      [...card().querySelectorAll('[data-limit]')].map((r) => r.getAttribute('data-limit')),
    ).toEqual(['maxComputeInvocationsPerWorkgroup']);
    expect(cells(card().querySelector('[data-limit="maxComputeInvocationsPerWorkgroup"]'))).toEqual(
      [
        'maxComputeInvocationsPerWorkgroup',
        '256',
        '128',
        'threads in one workgroup',
        'maxThreadsPerBlock',
      ],
    );
    const [limits, features] = [...card().querySelectorAll('details.dc-details')];
    expect(limits?.querySelector('summary')?.textContent).toBe('All 2 limits');
    expect([...(limits?.querySelectorAll('tr') ?? [])].map(cells)).toEqual([
      ['maxBindGroups', '4'],
      ['maxComputeInvocationsPerWorkgroup', '256'],
    ]);
    expect(features?.querySelector('summary')?.textContent).toBe('All 2 features');
    expect([...(features?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'timestamp-query',
      'subgroups',
    ]);
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
    expect(identity().Architecture).toBe('swiftshader');
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
