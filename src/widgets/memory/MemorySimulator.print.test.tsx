// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import MemorySimulator from './MemorySimulator';
import { onMemoryLessonPage } from './testing/lesson-page';

const FIXTURES = 'src/engine/models/network/print-model/fixtures';
const fixture = (name: string) => readFileSync(`${FIXTURES}/${name}.txt`, 'utf8');
const root = () => document.querySelector<HTMLElement>('[data-widget="memory"]')!;
const summary = () => document.querySelector('.memory-summary')?.textContent ?? '';
const status = () => document.querySelector('[data-print-status]')?.textContent ?? '';
const box = () => screen.getByLabelText<HTMLTextAreaElement>('The output of print(model)');

describe('MemorySimulator with a pasted print(model)', () => {
  onMemoryLessonPage();

  it('reads a pasted ResNet-50 and predicts its step; the text is not in the URL', async () => {
    render(<MemorySimulator network="print" />);
    expect(status()).toMatch(/^Paste a print\(model\)/);
    expect(summary()).toBe('');
    fireEvent.change(box(), { target: { value: fixture('resnet50') } });
    await waitFor(() =>
      expect(document.querySelector('[data-print-params]')?.textContent).toBe(
        '25,557,032 parameters',
      ),
    );
    expect(document.querySelector('[data-print-model]')?.textContent).toBe('ResNet');
    expect(document.querySelector('[data-print-layers]')?.textContent).toBe('175');
    // A CNN's repr does not give its input: the image size is asked for, ImageNet's by default.
    expect(screen.getByLabelText('Height')).toHaveProperty('value', '224');
    await waitFor(() => expect(summary()).toMatch(/^Fits\. The step’s peak takes [\d.]+ GiB/));
    expect(root().dataset.status).toBe('done');
    expect(window.location.hash).not.toContain('conv1');
  });

  it('fills the example with one click', async () => {
    render(<MemorySimulator network="print" />);
    fireEvent.click(
      screen.getByRole('button', { name: /Paste an example: torchvision ResNet-50/ }),
    );
    await waitFor(() => expect(box().value).toMatch(/^ResNet\(/));
    await waitFor(() =>
      expect(document.querySelector('[data-print-params]')?.textContent).toBe(
        '25,557,032 parameters',
      ),
    );
  });

  it('asks for a sequence length for a language model', async () => {
    render(<MemorySimulator network="print" />);
    fireEvent.change(box(), { target: { value: fixture('gpt2') } });
    await waitFor(() =>
      expect(screen.getByLabelText(/Sequence length/)).toHaveProperty('value', '512'),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-print-model]')?.textContent).toBe('GPT2LMHeadModel'),
    );
    expect(screen.queryByLabelText('Height')).toBeNull();
  });

  it('shows the parser message for junk, as text, and keeps the last good prediction', async () => {
    render(<MemorySimulator network="print" />);
    fireEvent.change(box(), { target: { value: '<img src=x onerror=alert(1)> hello' } });
    await waitFor(() => expect(status()).toMatch(/^Could not read this text: no module found/));
    expect(root().querySelector('img')).toBeNull();
    expect(summary()).toBe('');

    fireEvent.change(box(), { target: { value: fixture('mlp') } });
    await waitFor(() => expect(summary()).toMatch(/^Fits\./));
    const before = summary();
    fireEvent.change(box(), { target: { value: 'Sequential(\n  (0): <b>Linear</b>(\n' } });
    await waitFor(() => expect(status()).toMatch(/^Could not read this text/));
    expect(document.querySelector('[data-print-stale]')?.textContent).toMatch(/Sequential/);
    expect(summary()).toBe(before);
    expect(root().querySelector('b')).toBeNull();
  });

  it('shows the parser message for an absurd image size', async () => {
    render(<MemorySimulator network="print" />);
    fireEvent.change(box(), { target: { value: fixture('cnn') } });
    await waitFor(() => expect(screen.getByLabelText('Height')).toHaveProperty('value', '224'));
    fireEvent.change(screen.getByLabelText('Height'), { target: { value: '99999' } });
    await waitFor(() => expect(status()).toMatch(/image height must be a whole number/));
  });
});
