// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GuidePage, GuidesPage, guideTitle, loadGuide } from './GuidePage';
import { GUIDE_NAMES, GUIDES_HREF, type GuideName } from '../state/route';

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
    expect(container.querySelector('h1')?.textContent).toBe(guideTitle('authors'));
    const table = await screen.findByRole('region', { name: 'Widgets and their keys' });
    // A row per setting, its key in the key column.
    const keyCell = (key: string) =>
      table.querySelector(`[data-widget-key="${key}"] td code`)?.textContent;
    expect([keyCell('amdahl.p'), keyCell('race.tasks')]).toEqual(['amdahl.p', 'race.tasks']);
    // Fenced code gets the lessons' code block: a language label and a copy button.
    const blocks = container.querySelectorAll('.code-block');
    expect(blocks.length).toBeGreaterThan(5);
    const bar = blocks[0]!.querySelector('.code-block-bar');
    expect(bar?.querySelector('.code-block-lang')?.textContent).toMatch(/\w/);
    expect(bar?.querySelector('button')?.textContent).toBe('Copy');
    // The contents list links each section by its guide address.
    const nav = await screen.findByRole('navigation', { name: 'On this page' });
    const questions = within(nav).getByRole('link', { name: 'Questions' });
    expect(questions.getAttribute('href')).toBe('#/guide/authors/questions');
  });

  // The app scrolls to it (useScrollOnNavigate.test.ts), once the guide has rendered it.
  it('renders and marks the section named in the address', async () => {
    render(<GuidePage name="instructors" section="what-is-stored-where" />);
    const heading = await screen.findByRole('heading', { level: 2, name: 'What is stored where' });
    expect(heading.id).toBe('what-is-stored-where');
    expect(screen.getByRole('link', { name: 'GPU Lab guides' }).getAttribute('href')).toBe(
      GUIDES_HREF,
    );
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

describe('GuidesPage', () => {
  it('lists every guide, linked by its title, with a sentence about it', () => {
    render(<GuidesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Guides' }).tabIndex).toBe(-1);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-guide'))).toEqual([...GUIDE_NAMES]);
    for (const [i, name] of GUIDE_NAMES.entries()) {
      const link = within(items[i]!).getByRole('link', { name: guideTitle(name) });
      expect(link.getAttribute('href')).toBe(`#/guide/${name}`);
      expect(items[i]!.querySelector('p')?.textContent?.length).toBeGreaterThan(40);
    }
  });
});
