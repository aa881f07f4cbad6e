// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { findTerm } from '../../glossary/terms';
import { Term } from './Term';

/** Renders a sentence with the term "warp" (through `Shown`, by default Term). */
function renderWarp(Shown: typeof Term = Term) {
  return render(
    <p>
      Each <Shown id="warp">warp</Shown> has 32 threads.
    </p>,
  );
}

/** The term's link and its tooltip. */
function warpLink() {
  const link = screen.getByRole('link', { name: 'warp' });
  return { link, tip: document.getElementById(link.getAttribute('aria-describedby')!)! };
}

/** Renders a term and waits for the glossary (loaded after the lesson) to fill its tooltip. */
async function renderTerm() {
  const result = renderWarp();
  await waitFor(() => expect(result.container.textContent).toContain(findTerm('warp')!.definition));
  return result;
}

describe('Term', () => {
  it('links to its glossary entry and describes itself with the definition', async () => {
    await renderTerm();
    const { link, tip } = warpLink();
    expect(link.getAttribute('href')).toBe('#/glossary/warp');
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect(tip.textContent).toBe(`Warp: ${findTerm('warp')!.definition}`);
    // jsdom computes the description from the hidden tooltip, as screen readers do.
    expect(link).toHaveProperty('tabIndex', 0);
  });

  it('opens on focus and hover, and closes on Escape, blur, mouse out and (when hovered) scroll', async () => {
    await renderTerm();
    const { link, tip } = warpLink();
    expect(tip.hidden).toBe(true);
    fireEvent.focus(link);
    expect(tip.hidden).toBe(false);
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
    fireEvent.mouseEnter(link.parentElement!);
    expect(tip.hidden).toBe(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
    // Leaving for the tooltip keeps it open; leaving for good closes it after a short grace.
    fireEvent.mouseEnter(link.parentElement!);
    fireEvent.mouseLeave(link.parentElement!);
    fireEvent.mouseEnter(tip);
    expect(tip.hidden).toBe(false);
    fireEvent.mouseLeave(link.parentElement!);
    expect(tip.hidden).toBe(false);
    await waitFor(() => expect(tip.hidden).toBe(true));
    fireEvent.focus(link);
    fireEvent.blur(link);
    expect(tip.hidden).toBe(true);
    fireEvent.mouseEnter(link.parentElement!);
    fireEvent.scroll(window);
    expect(tip.hidden).toBe(true);
    // A tooltip opened by keyboard focus follows its term through a scroll.
    act(() => link.focus());
    expect(tip.hidden).toBe(false);
    fireEvent.scroll(window);
    expect(tip.hidden).toBe(false);
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
  });

  it('has no accessibility violations, tooltip open or closed', async () => {
    const { container } = await renderTerm();
    const run = async () =>
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations;
    expect(await run()).toEqual([]);
    fireEvent.focus(screen.getByRole('link', { name: 'warp' }));
    expect(await run()).toEqual([]);
  });

  it('is a link with a pending description until the glossary has loaded', async () => {
    renderWarp();
    const { tip } = warpLink();
    expect(tip.textContent).toBe('Loading the definition…');
    await waitFor(() => expect(tip.textContent).toBe(`Warp: ${findTerm('warp')!.definition}`));
  });

  it('says so in its tooltip when the glossary cannot be fetched, and stays a link', async () => {
    vi.resetModules();
    vi.doMock('../../glossary/terms', () => {
      throw new Error('offline');
    });
    try {
      const { Term: Fresh } = await import('./Term');
      renderWarp(Fresh);
      const { link, tip } = warpLink();
      await waitFor(() => expect(tip.textContent).toMatch(/could not be loaded/));
      expect(link.getAttribute('href')).toBe('#/glossary/warp');
    } finally {
      vi.doUnmock('../../glossary/terms');
      vi.resetModules();
    }
  });

  it('shows the words alone for an id the glossary lacks', async () => {
    const { container } = render(
      <p>
        A <Term id="no-such-term">thing</Term>.
      </p>,
    );
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull());
    expect(container.innerHTML).toBe('<p>A thing.</p>');
  });
});
