// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GLOSSARY_TERMS, sortedTerms } from '../glossary/terms';
import { GlossaryPage } from './GlossaryPage';
import { parseRoute, glossaryHref } from '../state/route';

describe('the glossary route', () => {
  it('parses #/glossary and #/glossary/<id>, and builds the same links', () => {
    expect(parseRoute('#/glossary')).toEqual({ page: 'glossary', term: null });
    expect(parseRoute('#/glossary/')).toEqual({ page: 'glossary', term: null });
    expect(parseRoute(glossaryHref('kv-cache'))).toEqual({ page: 'glossary', term: 'kv-cache' });
    expect(parseRoute('#/glossary/Bad_Id').page).toBe('not-found');
  });
});

describe('GlossaryPage', () => {
  it('lists every term alphabetically, each with an anchor, a "taught in" link and related terms', () => {
    const { container } = render(<GlossaryPage term={null} />);
    const entries = [...container.querySelectorAll<HTMLElement>('.glossary-entry')];
    expect(entries).toHaveLength(GLOSSARY_TERMS.length);
    const names = entries.map((e) => e.querySelector('dt')!.textContent!.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const warp = container.querySelector<HTMLElement>('#term-warp')!;
    const taught = within(warp).getByRole('link', { name: /Lesson 2: / });
    expect(taught.getAttribute('href')).toBe('#/lesson/inside-a-gpu/simt-threads-in-warps-of-32');
    expect(within(warp).getByRole('link', { name: /^SIMT/ }).getAttribute('href')).toBe(
      '#/glossary/simt',
    );
  });

  it('indexes the entries by first letter, each letter linking to its first entry', () => {
    const { container } = render(<GlossaryPage term={null} />);
    const letters = [...container.querySelectorAll<HTMLAnchorElement>('.glossary-letters a')];
    const initials = [...new Set(sortedTerms().map((e) => e.term.charAt(0).toUpperCase()))];
    expect(letters.map((a) => a.textContent)).toEqual(initials);
    const a = letters.find((l) => l.textContent === 'A')!;
    const firstA = sortedTerms().find((e) => e.term.startsWith('A') || e.term.startsWith('a'))!;
    expect(a.getAttribute('href')).toBe(`#/glossary/${firstA.id}`);
  });

  it('marks the entry named in the route, focusable for the app to focus', () => {
    const { container } = render(<GlossaryPage term="nccl" />);
    const current = container.querySelector<HTMLElement>('[aria-current="true"]');
    expect(current?.id).toBe('term-nccl');
    expect(current?.tabIndex).toBe(-1);
    expect(screen.getByRole('heading', { level: 1, name: 'Glossary' }).tabIndex).toBe(-1);
  });
});
