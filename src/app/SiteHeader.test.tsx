// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { SiteHeader } from './SiteHeader';
import { lessons } from '../lessons/registry';
import { parseRoute } from '../state/route';
import { progressStore } from '../store/progress';

afterEach(() => progressStore.getState().reset());

const menuButton = () => screen.getByRole('button', { name: 'Lessons' });

describe('SiteHeader', () => {
  // A native button: Enter and Space press it (the browser test presses them for real).
  it('opens the lessons menu with its button; Escape closes it and returns focus to the button', () => {
    render(<SiteHeader route={parseRoute('#/')} />);
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Course' })).toBeNull();
    act(() => menuButton().focus());
    fireEvent.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Course' });
    expect(menuButton().getAttribute('aria-controls')).toBe(menu.parentElement?.id);
    // The list comes right after the button, so Tab goes into it.
    const first = within(menu).getAllByRole('link')[0]!;
    expect(
      menuButton().compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menuButton());
    // Pressed again, it closes.
    fireEvent.click(menuButton());
    fireEvent.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when focus leaves it, not while focus moves inside it', () => {
    render(
      <>
        <SiteHeader route={parseRoute('#/')} />
        <button type="button">elsewhere</button>
      </>,
    );
    fireEvent.click(menuButton());
    const link = within(screen.getByRole('navigation', { name: 'Course' })).getAllByRole(
      'link',
    )[0]!;
    fireEvent.blur(menuButton(), { relatedTarget: link });
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    fireEvent.blur(link, { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('lists every lesson, then the knowledge check, puzzles, glossary and progress', () => {
    progressStore.getState().setCompleted(lessons[1]!.slug, true);
    render(<SiteHeader route={parseRoute('#/')} />);
    fireEvent.click(menuButton());
    const menu = screen.getByRole('navigation', { name: 'Course' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      ...lessons.map((l) => `#/lesson/${l.slug}`),
      '#/check',
      '#/puzzles',
      '#/triton',
      '#/glossary',
      '#/progress',
    ]);
    expect(links[0]?.textContent).toBe(`${lessons[0]!.order}${lessons[0]!.title}`);
    // A completed lesson says so.
    expect(links[1]?.textContent).toBe(`${lessons[1]!.order}${lessons[1]!.title}✓ (completed)`);
    // Nothing is current on the home page.
    expect(menu.querySelector('[aria-current]')).toBeNull();
  });

  it('marks the current lesson or page, and closes when a link is followed or a press lands outside', () => {
    const lesson = lessons[3]!;
    const { rerender } = render(<SiteHeader route={parseRoute(`#/lesson/${lesson.slug}/x`)} />);
    fireEvent.click(menuButton());
    const current = screen
      .getByRole('navigation', { name: 'Course' })
      .querySelectorAll('[aria-current="page"]');
    expect([...current].map((a) => a.getAttribute('href'))).toEqual([`#/lesson/${lesson.slug}`]);
    fireEvent.click(screen.getByRole('link', { name: 'Glossary' }));
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');

    rerender(<SiteHeader route={parseRoute('#/glossary/warp')} />);
    fireEvent.click(menuButton());
    expect(screen.getByRole('link', { name: 'Glossary' }).getAttribute('aria-current')).toBe(
      'page',
    );
    fireEvent.pointerDown(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(document.body);
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('links the previous and next lessons on a lesson, naming them', () => {
    const [first, second, third] = lessons;
    const { rerender } = render(<SiteHeader route={parseRoute(`#/lesson/${second!.slug}`)} />);
    const pager = screen.getByRole('navigation', { name: 'Previous and next lesson' });
    const prev = within(pager).getByRole('link', {
      name: `Previous: Lesson ${first!.order}, ${first!.title}`,
    });
    const next = within(pager).getByRole('link', {
      name: `Next: Lesson ${third!.order}, ${third!.title}`,
    });
    expect([prev.getAttribute('href'), next.getAttribute('href')]).toEqual([
      `#/lesson/${first!.slug}`,
      `#/lesson/${third!.slug}`,
    ]);
    // The first lesson has no previous one, the last no next one; other pages have no pager.
    rerender(<SiteHeader route={parseRoute(`#/lesson/${first!.slug}`)} />);
    expect(screen.queryByRole('link', { name: /^Previous:/ })).toBeNull();
    rerender(<SiteHeader route={parseRoute(`#/lesson/${lessons.at(-1)!.slug}`)} />);
    expect(screen.queryByRole('link', { name: /^Next:/ })).toBeNull();
    expect(screen.getByRole('link', { name: /^Previous:/ }).getAttribute('href')).toBe(
      `#/lesson/${lessons.at(-2)!.slug}`,
    );
    rerender(<SiteHeader route={parseRoute('#/check')} />);
    expect(screen.queryByRole('navigation', { name: 'Previous and next lesson' })).toBeNull();
    expect(screen.getByRole('link', { name: 'GPU Lab' }).getAttribute('href')).toBe('#/');
  });
});
