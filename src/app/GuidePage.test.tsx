// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GuidePage, guideTitle, loadGuide } from './GuidePage';
import { GUIDE_NAMES, type GuideName } from '../state/route';

beforeEach(() => {
  // jsdom has no layout: record scrolling instead of logging "not implemented".
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
});

describe('loadGuide', () => {
  // Compiled by the build's MDX plugin with the lesson checks (this project extends vite.config.ts).
  it.each(GUIDE_NAMES)('loads the %s guide with its frontmatter', async (name) => {
    const module = await loadGuide(name);
    expect(typeof module.default).toBe('function');
    expect(module.frontmatter?.title).toBe(guideTitle(name));
    expect(typeof module.frontmatter?.summary).toBe('string');
  });

  it('rejects a name that has no guide file, naming it', async () => {
    await expect(loadGuide('students' as GuideName)).rejects.toThrow(
      /No guide file for "students"/,
    );
  });
});

describe('GuidePage', () => {
  it('renders the authors’ guide with its sections, code blocks and the generated widget table', async () => {
    const { container } = render(<GuidePage name="authors" section={null} />);
    expect(screen.getByRole('heading', { level: 1, name: guideTitle('authors') })).toBeTruthy();
    const table = await screen.findByRole('region', { name: 'Widgets and their keys' });
    expect(within(table).getByText('amdahl.p')).toBeTruthy();
    expect(table.querySelector('[data-widget-key="race.tasks"]')).not.toBeNull();
    // Fenced code gets the lessons' code block: a language label and a copy button.
    const blocks = container.querySelectorAll('.code-block');
    expect(blocks.length).toBeGreaterThan(5);
    expect(within(blocks[0] as HTMLElement).getByRole('button', { name: /copy/i })).toBeTruthy();
    // The contents list links each section by its guide address.
    const nav = await screen.findByRole('navigation', { name: 'On this page' });
    const questions = within(nav).getByRole('link', { name: 'Questions' });
    expect(questions.getAttribute('href')).toBe('#/guide/authors/questions');
  });

  it('scrolls to the section named in the address once the guide is there', async () => {
    render(<GuidePage name="instructors" section="what-is-stored-where" />);
    const heading = await screen.findByRole('heading', { level: 2, name: 'What is stored where' });
    await vi.waitFor(() => expect(heading.scrollIntoView).toHaveBeenCalled());
    const nav = await screen.findByRole('navigation', { name: 'On this page' });
    const current = within(nav).getByRole('link', { name: 'What is stored where' });
    expect(current.getAttribute('aria-current')).toBe('location');
  });

  it('says so, in an alert, when a guide cannot be loaded', async () => {
    render(<GuidePage name={'students' as GuideName} section={null} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/could not be loaded: No guide file for "students"/);
  });
});
