import { parseQuery, splitHash } from '../state/query';

/** A place in the app, parsed from the URL hash. */
export type Route =
  | { page: 'home' }
  /** The knowledge check spanning every lesson. */
  | { page: 'check' }
  | { page: 'progress' }
  | {
      page: 'lesson';
      slug: string;
      section: string | null;
      /** Widget settings from the query part (`?race.tasks=1000`), in order; empty when none. */
      query: ReadonlyMap<string, string>;
    }
  /** The glossary, optionally scrolled to one entry (`#/glossary/warp`). */
  | { page: 'glossary'; term: string | null }
  | { page: 'not-found'; path: string };

/**
 * Parses a location hash (`#/`, `#/lesson/why-gpus`, `#/lesson/why-gpus/amdahls-law`, any of
 * them with `?key=value&…` after the path) into a Route. Anything else is 'not-found' with the
 * path kept (without its query), so the page can say what was asked.
 */
export function parseRoute(hash: string): Route {
  const { path: rawPath, query } = splitHash(hash);
  const path = rawPath || '/';
  if (path === '/') return { page: 'home' };
  if (path === '/check' || path === '/check/') return { page: 'check' };
  if (path === '/progress' || path === '/progress/') return { page: 'progress' };
  const g = /^\/glossary(?:\/([a-z0-9-]+))?\/?$/.exec(path);
  if (g) return { page: 'glossary', term: g[1] ?? null };
  const m = /^\/lesson\/([a-z0-9-]+)(?:\/([A-Za-z0-9_-]+))?\/?$/.exec(path);
  if (m) {
    return { page: 'lesson', slug: m[1]!, section: m[2] ?? null, query: parseQuery(query).params };
  }
  return { page: 'not-found', path };
}

/** The hash that leads to a lesson (and optionally one of its sections). */
export function lessonHref(slug: string, section?: string): string {
  return section ? `#/lesson/${slug}/${section}` : `#/lesson/${slug}`;
}

/** The hash that leads to the glossary (and optionally one of its entries). */
export function glossaryHref(termId?: string): string {
  return termId ? `#/glossary/${termId}` : '#/glossary';
}

/** The hash that leads to the knowledge check. */
export const CHECK_HREF = '#/check';
