/**
 * The course glossary as the app uses it: the entries of content/glossary.yaml, which the build
 * checks and turns into a JSON module (scripts/glossary-plugin.ts, so no YAML parser reaches the
 * browser), and the lookups the glossary page and the in-lesson tooltips need. Import it lazily:
 * the definitions are not part of a lesson's first load.
 */
import glossary from 'virtual:glossary';
import type { GlossaryTerm } from './types';

export type { GlossaryTerm, TaughtAt } from './types';

/** Every glossary entry (in no particular order; see `sortedTerms` for the page's order). */
export const GLOSSARY_TERMS: readonly GlossaryTerm[] = glossary;

/** The entry with this id, or undefined. */
export function findTerm(id: string): GlossaryTerm | undefined {
  return GLOSSARY_TERMS.find((entry) => entry.id === id);
}

/** The entries sorted alphabetically by name, ignoring case, as the glossary page lists them. */
export function sortedTerms(): GlossaryTerm[] {
  return [...GLOSSARY_TERMS].sort((a, b) =>
    a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }),
  );
}

/** The first entry under each initial letter of sorted `entries`, for an A-Z index. */
export function letterIndex(entries: readonly GlossaryTerm[]): { letter: string; id: string }[] {
  const index: { letter: string; id: string }[] = [];
  for (const entry of entries) {
    const letter = entry.term.charAt(0).toUpperCase();
    if (index.at(-1)?.letter !== letter) index.push({ letter, id: entry.id });
  }
  return index;
}
