/** A place in the app, parsed from the URL hash. */
export type Route =
  | { page: 'home' }
  | { page: 'lesson'; slug: string; section: string | null }
  | { page: 'not-found'; path: string };

/**
 * Parses a location hash (`#/`, `#/lesson/why-gpus`, `#/lesson/why-gpus/amdahls-law`) into a
 * Route. Anything else is 'not-found' with the path kept, so the page can say what was asked.
 */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/';
  if (path === '/' || path === '') return { page: 'home' };
  const m = /^\/lesson\/([a-z0-9-]+)(?:\/([A-Za-z0-9_-]+))?\/?$/.exec(path);
  if (m) return { page: 'lesson', slug: m[1]!, section: m[2] ?? null };
  return { page: 'not-found', path };
}

/** The hash that leads to a lesson (and optionally one of its sections). */
export function lessonHref(slug: string, section?: string): string {
  return section ? `#/lesson/${slug}/${section}` : `#/lesson/${slug}`;
}
