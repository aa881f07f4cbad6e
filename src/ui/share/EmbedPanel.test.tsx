// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { EmbedPanel, SNIPPET_COPIED, SNIPPET_COPY_FAILED } from './EmbedPanel';
import { ShareControl } from './ShareControl';

const BASE = 'https://lab.example/gpu/';

afterEach(() => {
  cleanup();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  Reflect.deleteProperty(document, 'execCommand');
});

function code() {
  return (screen.getByRole('textbox', { name: 'Embed code' }) as HTMLTextAreaElement).value;
}

describe('EmbedPanel', () => {
  function renderPanel() {
    render(
      <EmbedPanel
        path="/embed/race"
        title="CPU vs GPU race · GPU Lab"
        pairs={[['race.tasks', '1000']]}
        siteBase={BASE}
        defaultHeightPx={1000}
      />,
    );
  }

  it('shows the snippet for the current settings, and follows height, theme and script', () => {
    renderPanel();
    expect(code()).toContain(`src="${BASE}#/embed/race?race.tasks=1000"`);
    expect(code()).toContain('height="1000"');
    expect(code()).toContain(`<script src="${BASE}embed.js" async></script>`);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Height (px)' }), {
      target: { value: '720' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Theme' }), {
      target: { value: 'dark' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /fits the height/ }));
    expect(code()).toContain('height="720"');
    expect(code()).toContain('race.tasks=1000&amp;theme=dark"');
    expect(code()).not.toContain('<script');
  });

  it('explains a height out of range and keeps the default in the code', () => {
    renderPanel();
    const height = screen.getByRole('spinbutton', { name: 'Height (px)' });
    fireEvent.change(height, { target: { value: '20' } });
    expect(height.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(height.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toMatch(/whole number from 100 to 10,000; the code uses 1000\.$/);
    expect(code()).toContain('height="1000"');
  });

  it('copies the snippet, or says to copy it by hand', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Copy embed code' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SNIPPET_COPIED));
    expect(writeText).toHaveBeenCalledWith(code());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false });
    fireEvent.click(screen.getByRole('button', { name: 'Copy embed code' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SNIPPET_COPY_FAILED));
  });

  it('creates the preview iframe only when asked, with the snippet address and height', () => {
    renderPanel();
    expect(document.querySelector('iframe')).toBeNull();
    const show = screen.getByRole('button', { name: 'Show preview' });
    fireEvent.click(show);
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(`${BASE}#/embed/race?race.tasks=1000`);
    expect(frame.getAttribute('title')).toBe('Preview: CPU vs GPU race · GPU Lab');
    expect(frame.getAttribute('height')).toBe('1000');
    fireEvent.click(screen.getByRole('button', { name: 'Hide preview' }));
    expect(document.querySelector('iframe')).toBeNull();
  });

  // (The preview iframe is left closed: axe cannot reach into frames under jsdom; its title is
  // checked above.)
  it('has no accessibility violations', async () => {
    render(
      <main>
        <EmbedPanel path="/embed/race" title="Race" siteBase={BASE} defaultHeightPx={600} />
      </main>,
    );
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});

describe('ShareControl with embed', () => {
  const URL_1 = `${BASE}#/lesson/why-gpus/widget-race-b?race-b.tasks=1000`;
  const embed = {
    path: '/embed/race',
    title: 'CPU vs GPU race · GPU Lab',
    defaultHeightPx: () => 1000,
    widget: { widgetId: 'race', prefix: 'race-b' },
  };

  it('offers the embed code for the same settings under the widget id', async () => {
    render(<ShareControl getUrl={() => URL_1} widgetLabel="CPU vs GPU race" embed={embed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share CPU vs GPU race' }));
    const toggle = screen.getByRole('button', { name: 'Embed on another site' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('textbox', { name: 'Embed code' });
    expect(code()).toContain(`src="${BASE}#/embed/race?race.tasks=1000"`);
    expect(code()).toContain('height="1000"');
    // Escape closes the whole share panel and returns focus to Share.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Embed code' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Embed code' })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Share CPU vs GPU race' }),
    );
  });

  it('gives a question its own link and embed code, without settings', async () => {
    render(
      <ShareControl
        getUrl={() => `${BASE}#/embed/quiz/q1`}
        widgetLabel="this question: Why?"
        linkLabel="Link to this question alone"
        embed={{ path: '/embed/quiz/q1', title: 'Q · GPU Lab', defaultHeightPx: () => 420 }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share this question: Why?' }));
    const link = screen.getByRole('textbox', { name: 'Link to this question alone' });
    expect((link as HTMLInputElement).value).toBe(`${BASE}#/embed/quiz/q1`);
    fireEvent.click(screen.getByRole('button', { name: 'Embed on another site' }));
    await screen.findByRole('textbox', { name: 'Embed code' });
    expect(code()).toContain(`src="${BASE}#/embed/quiz/q1"`);
    expect(code()).toContain('height="420"');
  });

  it('draws every field of the embed code as the site does: no bare browser controls', async () => {
    render(<ShareControl getUrl={() => URL_1} widgetLabel="CPU vs GPU race" embed={embed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share CPU vs GPU race' }));
    fireEvent.click(screen.getByRole('button', { name: 'Embed on another site' }));
    await screen.findByRole('textbox', { name: 'Embed code' });
    const fields = [...document.querySelectorAll('input, select, textarea')];
    expect(fields.length).toBeGreaterThanOrEqual(5);
    for (const field of fields) {
      const styled =
        field.matches('.ui-field, .share-url') ||
        (field.matches('[type=checkbox]') && field.closest('.embed-check') !== null);
      expect(styled, field.outerHTML).toBe(true);
      // And each is named by a label.
      expect(
        field.closest('label') ?? document.querySelector(`label[for="${field.id}"]`),
      ).not.toBeNull();
    }
  });
});
