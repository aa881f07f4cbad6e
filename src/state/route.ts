import { parseQuery, splitHash } from './query';

/** A place in the app, parsed from the URL hash. */
export type Route =
  | { page: 'home' }
  /** The knowledge check spanning every lesson. */
  | { page: 'check' }
  | { page: 'progress' }
  /** The class report: an instructor's view of many learners' progress files or statements. */
  | { page: 'class' }
  /** The lab-machine check: what this machine's browser can run. */
  | { page: 'check-machine' }
  | {
      page: 'lesson';
      slug: string;
      section: string | null;
      /** Widget settings from the query part (`?race.tasks=1000`), in order; empty when none. */
      query: ReadonlyMap<string, string>;
    }
  /** The glossary, optionally scrolled to one entry (`#/glossary/warp`). */
  | { page: 'glossary'; term: string | null }
  /** A guide for instructors or authors, optionally scrolled to a section (`#/guide/authors/widgets`). */
  | { page: 'guide'; name: GuideName; section: string | null }
  /** The list of the guides (`#/guide`). */
  | { page: 'guides' }
  /** The WGSL puzzles, or one of them (`#/puzzles/map`). */
  | { page: 'puzzles'; id: string | null }
  /** The Triton puzzles, or one of them (`#/triton/vector-add`). */
  | { page: 'triton'; id: string | null }
  /** One widget, question or lesson check alone, for an iframe on another site (`#/embed/race`). */
  | {
      page: 'embed';
      target: EmbedRouteTarget;
      /** Widget settings (`race.tasks`) and embed options (`theme`, `frame`, …), in order. */
      query: ReadonlyMap<string, string>;
    }
  | { page: 'not-found'; path: string };

/**
 * What an embed path names, by its shape only (whether that widget, question or lesson exists is
 * the embed page's to say): `#/embed/<widgetId>`, `#/embed/quiz/<questionId>`,
 * `#/embed/check/<lessonSlug>`, `#/embed/puzzle/<puzzleId>`, `#/embed/triton/<puzzleId>`, or any other path under `/embed`
 * as 'invalid'.
 */
export type EmbedRouteTarget =
  | { kind: 'widget'; id: string }
  | { kind: 'puzzle'; id: string }
  | { kind: 'triton'; id: string }
  | { kind: 'quiz'; id: string }
  | { kind: 'check'; slug: string }
  | { kind: 'invalid'; path: string };

/** Reads the part of a path after `/embed`; anything malformed is 'invalid' with the path kept. */
function parseEmbedTarget(path: string): EmbedRouteTarget {
  const quiz = /^\/embed\/quiz\/([A-Za-z0-9_-]{1,100})\/?$/.exec(path);
  if (quiz) return { kind: 'quiz', id: quiz[1]! };
  const check = /^\/embed\/check\/([a-z0-9-]{1,100})\/?$/.exec(path);
  if (check) return { kind: 'check', slug: check[1]! };
  const puzzle = /^\/embed\/puzzle\/([a-z0-9-]{1,100})\/?$/.exec(path);
  if (puzzle) return { kind: 'puzzle', id: puzzle[1]! };
  const triton = /^\/embed\/triton\/([a-z0-9-]{1,100})\/?$/.exec(path);
  if (triton) return { kind: 'triton', id: triton[1]! };
  const widget = /^\/embed\/([a-z0-9-]{1,100})\/?$/.exec(path);
  if (widget && widget[1] !== 'quiz' && widget[1] !== 'check' && widget[1] !== 'puzzle') {
    return { kind: 'widget', id: widget[1]! };
  }
  return { kind: 'invalid', path };
}

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
  if (path === '/class' || path === '/class/') return { page: 'class' };
  if (path === '/check-machine' || path === '/check-machine/') return { page: 'check-machine' };
  const g = /^\/glossary(?:\/([a-z0-9-]+))?\/?$/.exec(path);
  if (g) return { page: 'glossary', term: g[1] ?? null };
  if (path === '/guide' || path === '/guide/') return { page: 'guides' };
  const guide = /^\/guide\/([a-z]+)(?:\/([A-Za-z0-9_-]+))?\/?$/.exec(path);
  if (guide && isGuideName(guide[1])) {
    return { page: 'guide', name: guide[1], section: guide[2] ?? null };
  }
  const puzzles = /^\/puzzles(?:\/([a-z0-9-]{1,100}))?\/?$/.exec(path);
  if (puzzles) return { page: 'puzzles', id: puzzles[1] ?? null };
  const triton = /^\/triton(?:\/([a-z0-9-]{1,100}))?\/?$/.exec(path);
  if (triton) return { page: 'triton', id: triton[1] ?? null };
  if (path === '/embed' || path.startsWith('/embed/')) {
    return { page: 'embed', target: parseEmbedTarget(path), query: parseQuery(query).params };
  }
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

/** The element id of a glossary entry on the glossary page (`#/glossary/<termId>` scrolls to it). */
export function glossaryEntryId(termId: string): string {
  return `term-${termId}`;
}

/**
 * The page a route shows, without the section it scrolls to or its query: two routes with the
 * same page key are the same page (a link to another section of it only scrolls).
 */
export function routePageKey(route: Route): string {
  switch (route.page) {
    case 'lesson':
      return `lesson/${route.slug}`;
    case 'guide':
      return `guide/${route.name}`;
    case 'glossary':
      return 'glossary';
    case 'puzzles':
      return `puzzles/${route.id ?? ''}`;
    case 'triton':
      return `triton/${route.id ?? ''}`;
    case 'embed':
      return 'embed';
    case 'not-found':
      return `not-found${route.path}`;
    default:
      return route.page;
  }
}

/**
 * The id of the element a route names inside its page (a lesson's or guide's section, a share
 * link's widget, a glossary entry), or null when it names the page alone.
 */
export function routeTargetId(route: Route): string | null {
  switch (route.page) {
    case 'lesson':
    case 'guide':
      return route.section;
    case 'glossary':
      return route.term === null ? null : glossaryEntryId(route.term);
    default:
      return null;
  }
}

/** The hash that leads to the glossary (and optionally one of its entries). */
export function glossaryHref(termId?: string): string {
  return termId ? `#/glossary/${termId}` : '#/glossary';
}

/** The hash of an embed page (without its query): `#/embed/race`, `#/embed/quiz/<id>`, `#/embed/check/<slug>`. */
export function embedHref(target: Exclude<EmbedRouteTarget, { kind: 'invalid' }>): string {
  if (target.kind === 'quiz') return `#/embed/quiz/${target.id}`;
  if (target.kind === 'check') return `#/embed/check/${target.slug}`;
  if (target.kind === 'puzzle') return `#/embed/puzzle/${target.id}`;
  if (target.kind === 'triton') return `#/embed/triton/${target.id}`;
  return `#/embed/${target.id}`;
}

/** The hash of the WGSL puzzles (and optionally one puzzle). */
export function puzzlesHref(id?: string): string {
  return id ? `#/puzzles/${id}` : '#/puzzles';
}

/** The hash of the Triton puzzles (and optionally one puzzle). */
export function tritonHref(id?: string): string {
  return id ? `#/triton/${id}` : '#/triton';
}

/** The guides, each a page at `#/guide/<name>` written in content/guides/<name>.mdx. */
export const GUIDE_NAMES = ['instructors', 'authors'] as const;
/** One guide's name. */
export type GuideName = (typeof GUIDE_NAMES)[number];

/** Whether a string names a guide. */
export function isGuideName(name: unknown): name is GuideName {
  return typeof name === 'string' && (GUIDE_NAMES as readonly string[]).includes(name);
}

/** The hash of the list of the guides. */
export const GUIDES_HREF = '#/guide';

/** The hash that leads to a guide (and optionally one of its sections). */
export function guideHref(name: GuideName, section?: string): string {
  return section ? `#/guide/${name}/${section}` : `#/guide/${name}`;
}

/** The hash that leads to the knowledge check. */
export const CHECK_HREF = '#/check';

/** The hash of the learner's progress page. */
export const PROGRESS_HREF = '#/progress';

/** The hash of the class report (instructors). */
export const CLASS_HREF = '#/class';

/** The hash of the lab-machine check. */
export const MACHINE_CHECK_HREF = '#/check-machine';
