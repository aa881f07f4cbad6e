// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
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
    expect(screen.getByRole('status').textContent).toMatch(
      /No GPU to describe: This browser has no WebGPU/,
    );
  });
});
