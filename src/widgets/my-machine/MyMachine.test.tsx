// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { isGpuId } from '../../engine/catalog';
import { myMachineStore } from '../../store/my-machine';
import { EXAMPLE_REPORT_TEXT } from './example-report';
import MyMachine from './MyMachine';

function root(): HTMLElement {
  return document.querySelector('[data-widget="my-machine"]') as HTMLElement;
}

function paste(text: string) {
  fireEvent.change(screen.getByLabelText('Calibration report (JSON)'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: /add my machine|replace my machine/i }));
}

afterEach(() => {
  act(() => myMachineStore.getState().remove());
});

describe('MyMachine', () => {
  it('names every problem of a wrong report and adds nothing', () => {
    render(<MyMachine />);
    const report = JSON.parse(EXAMPLE_REPORT_TEXT) as Record<string, unknown>;
    paste(JSON.stringify({ ...report, hostOpSeconds: 8.49, sms: 'many' }));
    expect(root().dataset.status).toBe('error');
    const problems = screen.getByTestId('mm-problems').textContent ?? '';
    expect(problems).toMatch(/"hostOpSeconds" is 8.49 s/);
    expect(problems).toMatch(/"sms" should be a number/);
    expect(screen.getByTestId('mm-status').textContent).toMatch(/2 problems below/);
    expect(isGpuId('my-machine')).toBe(false);
    expect(screen.queryByTestId('mm-entry')).toBeNull();
  });

  it('adds a good report as a catalog GPU, showing measured and estimated figures and a prediction', () => {
    render(<MyMachine />);
    paste(EXAMPLE_REPORT_TEXT);
    expect(root().dataset.status).toBe('done');
    expect(isGpuId('my-machine')).toBe(true);
    const entry = screen.getByTestId('mm-entry');
    expect(entry.querySelector('h3')?.textContent).toBe('My machine (NVIDIA H200)');
    const kinds = Object.fromEntries(
      [...entry.querySelectorAll('tbody tr')].map((tr) => [
        tr.querySelector('th')?.textContent,
        (tr as HTMLElement).dataset.kind,
      ]),
    );
    expect(kinds).toMatchObject({
      SMs: 'measured',
      'Host time per eager op': 'measured',
      'Pinned host-to-device copy': 'measured',
      'bf16 tensor-core peak': 'estimate',
    });
    expect(screen.getByTestId('mm-sample').textContent).toMatch(
      /BERT-base training step .* at \d+(\.\d+)? ms: .* so the host sets the pace/,
    );
  });

  it('removes the machine from the catalog when asked', () => {
    render(<MyMachine />);
    fireEvent.click(screen.getByRole('button', { name: 'Use the H200 example' }));
    expect(isGpuId('my-machine')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove my machine' }));
    expect(isGpuId('my-machine')).toBe(false);
    expect(screen.queryByTestId('mm-entry')).toBeNull();
    expect(screen.getByTestId('mm-status').textContent).toMatch(/Removed/);
    expect(root().dataset.status).toBe('idle');
  });

  it('shows markup in a pasted name as text', () => {
    render(<MyMachine />);
    const report = JSON.parse(EXAMPLE_REPORT_TEXT) as Record<string, unknown>;
    paste(JSON.stringify({ ...report, gpu: '<b id="injected">x</b>' }));
    expect(document.getElementById('injected')).toBeNull();
    expect(screen.getByTestId('mm-entry').querySelector('h3')?.textContent).toBe(
      'My machine (<b id="injected">x</b>)',
    );
  });
});
