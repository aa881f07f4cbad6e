/**
 * The browser side of widget state in the URL: read the current hash's pairs, replace one
 * widget's pairs in place with `history.replaceState` (no history entries, no `hashchange`),
 * debounce those writes, and build a widget's share link. The URL access is injectable.
 */
import { parseRoute } from './route';
import { buildHash, parseQuery, splitHash, type ParsedQuery } from './query';
import type { UrlPair } from './pairs';
import type { LessonOfWidget } from './widget-placement';

/** Delay between the last change and the URL write, in milliseconds. */
export const URL_WRITE_DELAY_MS = 300;

/** Where the URL is read and written; `browserUrlEnv` in the app, a fake in tests. */
export interface UrlEnv {
  /** The current hash, with its `#`. */
  readHash(): string;
  /** Replaces the current hash without a history entry or a `hashchange` event. */
  replaceHash(hash: string): void;
  /** The page's URL without its hash (`https://host/path/`). */
  pageUrl(): string;
  /** Calls `listener` on each navigation to another hash; returns the unsubscribe function. */
  onHashChange(listener: () => void): () => void;
  /** Scrolls the element with this id into view, when there is one. */
  scrollToId(id: string): void;
}

/** Timer functions, injectable so tests decide when time passes. */
export interface Timers {
  setTimeout(run: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The browser's own timers. */
export const browserTimers: Timers = {
  setTimeout: (run, delayMs) => globalThis.setTimeout(run, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The real location, history and document. */
export const browserUrlEnv: UrlEnv = {
  readHash: () => window.location.hash,
  replaceHash: (hash) => window.history.replaceState(window.history.state, '', hash),
  pageUrl: () => window.location.href.replace(/#.*$/s, ''),
  onHashChange(listener) {
    window.addEventListener('hashchange', listener);
    return () => window.removeEventListener('hashchange', listener);
  },
  scrollToId: (id) => document.getElementById(id)?.scrollIntoView({ block: 'start' }),
};

/** The element id of a widget's root, and the section of its share link: `widget-<prefix>`. */
export function widgetAnchorId(prefix: string): string {
  return `widget-${prefix}`;
}

/** The query params of a hash, with notices about anything dropped. */
export function readHashParams(hash: string): ParsedQuery {
  return parseQuery(splitHash(hash).query);
}

/** `hash` with the pairs under `prefix.` replaced by `pairs`; the path and other pairs are kept. */
export function withWidgetPairs(hash: string, prefix: string, pairs: readonly UrlPair[]): string {
  const { path } = splitHash(hash);
  const head = `${prefix}.`;
  const kept = [...readHashParams(hash).params].filter(([key]) => !key.startsWith(head));
  return buildHash(path || '/', [...kept, ...pairs]);
}

/** Writes a widget's pairs into the current hash in place (no history entry, no hashchange). */
export function writeWidgetPairs(env: UrlEnv, prefix: string, pairs: readonly UrlPair[]): void {
  const current = env.readHash();
  const next = withWidgetPairs(current, prefix, pairs);
  if (next !== current) env.replaceHash(next);
}

/** The lesson slug of a hash, or null when it is not a lesson page. */
export function lessonSlugOf(hash: string): string | null {
  const route = parseRoute(hash);
  return route.page === 'lesson' ? route.slug : null;
}

/** The section of a lesson hash (`widget-race` in `#/lesson/why-gpus/widget-race?…`), or null. */
export function sectionOf(hash: string): string | null {
  const route = parseRoute(hash);
  return route.page === 'lesson' ? route.section : null;
}

/**
 * A widget's share link: the page URL, then `#/lesson/<slug>/widget-<prefix>?<pairs>`, so that
 * opening it restores the settings and scrolls to the widget. On an embed page
 * (`#/embed/<id>?…`) the link leads into the lesson that places the widget (`lessonOf`), with
 * the page URL's search part dropped (it may hold a cmi5 launch), or to the course home when no
 * lesson places it. Off a lesson or embed page the current path is kept instead.
 */
export function shareLink(
  pageUrl: string,
  currentHash: string,
  prefix: string,
  pairs: readonly UrlPair[],
  lessonOf: LessonOfWidget,
): string {
  const route = parseRoute(currentHash);
  if (route.page === 'embed') {
    const site = pageUrl.replace(/\?.*$/s, '');
    const slug = lessonOf(prefix);
    return slug === null
      ? `${site}#/`
      : site + buildHash(`/lesson/${slug}/${widgetAnchorId(prefix)}`, pairs);
  }
  const path =
    route.page === 'lesson'
      ? `/lesson/${route.slug}/${widgetAnchorId(prefix)}`
      : splitHash(currentHash).path || '/';
  return pageUrl + buildHash(path, pairs);
}

/** Runs only the last task scheduled within `delayMs` of the one before. */
export interface Debouncer {
  schedule(task: () => void): void;
  /** Runs the waiting task now, if any. */
  flush(): void;
  /** Drops the waiting task, if any. */
  cancel(): void;
}

/** A debouncer on the given timers (browser timers by default). */
export function createDebouncer(
  delayMs: number = URL_WRITE_DELAY_MS,
  timers: Timers = browserTimers,
): Debouncer {
  let handle: unknown = null;
  let waiting: (() => void) | null = null;
  const cancel = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
    waiting = null;
  };
  const flush = () => {
    const task = waiting;
    cancel();
    task?.();
  };
  return {
    schedule(task) {
      cancel();
      waiting = task;
      handle = timers.setTimeout(flush, delayMs);
    },
    flush,
    cancel,
  };
}
