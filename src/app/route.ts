import { parseQuery, splitHash } from '../state/query';

/** A place in the app, parsed from the URL hash. */
export type Route =
  | { page: 'home' }
  | {
      page: 'lesson';
      slug: string;
      section: string | null;
      /** Widget settings from the query part (`?race.tasks=1000`), in order; empty when none. */
      query: ReadonlyMap<string, string>;
    }
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
