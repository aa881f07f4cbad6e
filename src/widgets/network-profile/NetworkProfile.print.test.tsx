// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import NetworkProfile from './NetworkProfile';

const FIXTURES = 'src/engine/models/network/print-model/fixtures';
const fixture = (name: string) => readFileSync(`${FIXTURES}/${name}.txt`, 'utf8');
const root = () => document.querySelector<HTMLElement>('[data-widget="network-profile"]')!;
const summary = () => document.querySelector('[data-summary]')?.textContent ?? '';
const status = () => document.querySelector('[data-print-status]')?.textContent ?? '';
const box = () => screen.getByLabelText<HTMLTextAreaElement>('The output of print(model)');

describe('NetworkProfile with a pasted print(model)', () => {
  beforeEach(() => {
    window.location.hash = '#/lesson/measuring';
  });
  afterEach(() => {
    window.history.replaceState(null, '', '#');
  });

  it('profiles a pasted ResNet-50 under its class name; the text is not in the URL', async () => {
    render(<NetworkProfile network="print" />);
    // Before a paste, a prompt (a polite status), not an alert.
    const prompt = document.querySelector('[data-problem]');
    expect(prompt?.textContent).toMatch(/^Nothing to profile yet: paste a print\(model\)/);
    expect(prompt?.getAttribute('role')).toBe('status');
    fireEvent.change(box(), { target: { value: fixture('resnet50') } });
    await waitFor(() =>
      expect(document.querySelector('[data-print-params]')?.textContent).toBe(
        '25,557,032 parameters',
      ),
    );
    await waitFor(() =>
      expect(summary()).toMatch(/^One training step of ResNet at batch \d+ on the .* takes /),
    );
    expect(root().dataset.status).toBe('done');
    expect(document.querySelector('[data-profile-table]')).not.toBeNull();
    expect(window.location.hash).not.toContain('conv1');
  });

  it('fills the example with one click', async () => {
    render(<NetworkProfile network="print" />);
    fireEvent.click(
      screen.getByRole('button', { name: /Paste an example: torchvision ResNet-50/ }),
    );
    await waitFor(() => expect(box().value).toMatch(/^ResNet\(/));
    await waitFor(() => expect(summary()).toMatch(/of ResNet at batch/));
  });

  it('shows the parser message for junk and keeps the last good profile', async () => {
    render(<NetworkProfile network="print" />);
    fireEvent.change(box(), { target: { value: '<script>alert(1)</script>' } });
    await waitFor(() => expect(status()).toMatch(/^Could not read this text: no module found/));
    expect(root().querySelector('script')).toBeNull();

    fireEvent.change(box(), { target: { value: fixture('gpt2') } });
    await waitFor(() => expect(summary()).toMatch(/of GPT2LMHeadModel at batch/));
    const before = summary();
    fireEvent.change(box(), { target: { value: 'nonsense' } });
    await waitFor(() => expect(status()).toMatch(/^Could not read this text/));
    expect(summary()).toBe(before);
  });
});
