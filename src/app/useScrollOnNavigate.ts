/**
 * One scroll-and-focus rule for the whole app (the browser side of scroll-memory.ts and
 * arrival.ts): a route change lands at the top of the new page, or on the section, widget or
 * glossary entry it names, and moves focus to the page's main heading (or to that element) so a
 * screen reader announces it; Back and Forward return to the position the learner left each
 * history entry at, waiting for a lazily loaded lesson to be tall enough. A widget's settings,
 * written with `history.replaceState`, are not a navigation and move nothing.
 */
import { useLayoutEffect, useRef } from 'react';
import { parseRoute, routePageKey, routeTargetId, type Route } from '../state/route';
import { startArrival, type ArrivalPage } from './arrival';
import {
  createScrollMemory,
  defaultEntryKeys,
  planArrival,
  type Arrival,
  type SessionStorageLike,
} from './scroll-memory';

/** The window, document and timers, as `startArrival` uses them. */
export const browserPage: ArrivalPage<HTMLElement> = {
  scrollTo(topPx) {
    // Instant (a smooth scroll would be motion the learner did not ask for) and quiet in jsdom.
    (document.scrollingElement ?? document.documentElement).scrollTop = topPx;
  },
  maxScrollTopPx: () =>
    (document.scrollingElement ?? document.documentElement).scrollHeight - window.innerHeight,
  findById: (id) => document.getElementById(id),
  findHeading: () => document.querySelector<HTMLElement>('#main h1'),
  // Below the sticky header: the root's scroll-padding-top is the header's height (styles.css).
  scrollToElement: (element) => element.scrollIntoView?.({ block: 'start' }),
  settled: () => document.querySelector('#main .loading, #main .widget-placeholder') === null,
  focus(element) {
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus({ preventScroll: true });
  },
  watchLayout(onChange) {
    const mutations = new MutationObserver(onChange);
    mutations.observe(document.body, { childList: true, subtree: true });
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onChange);
    sizes?.observe(document.body);
    return () => {
      mutations.disconnect();
      sizes?.disconnect();
    };
  },
  watchLearner(onIntent) {
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    const options = { capture: true, passive: true } as const;
    for (const type of events) window.addEventListener(type, onIntent, options);
    return () => {
      for (const type of events) window.removeEventListener(type, onIntent, options);
    };
  },
  timers: {
    setTimeout: (run, delayMs) => window.setTimeout(run, delayMs),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  },
};

function sessionStorageOrNull(): SessionStorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

/** The window's vertical scroll, in CSS pixels. */
function scrollTopPx(): number {
  return window.scrollY;
}

/** The same-hash link of a click (a link to the page already shown), or null. */
function sameHashLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  const href = link?.getAttribute('href');
  return href && href.startsWith('#/') && href === window.location.hash ? href : null;
}

/** The app's scroll-and-focus rule, installed on the window; see `installNavigationScroll`. */
export interface NavigationScroll {
  /** Lands the page for `route`, the route just rendered (the first call is the page load). */
  routeChanged(route: Route): void;
  /** Removes the listeners and stops any arrival under way. */
  dispose(): void;
}

/**
 * Listens to the window: records the scroll position of the current history entry as the
 * learner scrolls, keeps it for the entry left on `hashchange` (the URL has changed by then,
 * the page not yet), saves the positions on `pagehide`, and treats a click on a link to the
 * page already shown (no history entry, no hashchange) as a navigation to it.
 */
export function installNavigationScroll(
  page: ArrivalPage<HTMLElement> = browserPage,
): NavigationScroll {
  // The app restores positions itself, once the page's content has come.
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  const store = createScrollMemory({
    history: window.history,
    storage: sessionStorageOrNull(),
    newKey: defaultEntryKeys(),
  });
  let previous: Route | null = null;
  // Positions are recorded only between arrivals: an arrival's own scrolls, and the jumps of a
  // page being replaced, are not where the learner left anything.
  let recording = false;
  let arriving = false;
  let stopArrival: () => void = () => undefined;

  const arrive = (arrival: Arrival) => {
    // Staying put leaves an arrival under way to finish (a query-only change while a page loads).
    if (arrival.kind === 'stay' && arriving) return;
    stopArrival();
    recording = false;
    arriving = true;
    stopArrival = startArrival(arrival, page, () => {
      arriving = false;
      recording = true;
    });
  };
  const onScroll = () => {
    if (recording) store.record(scrollTopPx());
  };
  const onLeave = () => {
    if (recording) store.record(scrollTopPx());
    recording = false;
    store.save();
  };
  const onPageHide = () => {
    if (recording) store.record(scrollTopPx());
    store.save();
  };
  const onClick = (event: MouseEvent) => {
    const href = sameHashLink(event);
    if (href === null) return;
    const route = parseRoute(href);
    if (route.page === 'embed') return;
    arrive(
      planArrival({
        first: false,
        samePage: false,
        targetId: routeTargetId(route),
        previousTargetId: null,
        savedTopPx: null,
      }),
    );
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('hashchange', onLeave);
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('click', onClick);

  return {
    routeChanged(route) {
      const before = previous;
      previous = route;
      const { savedTopPx } = store.enter();
      // An embed answers to its host page: it never takes focus or scrolls by itself.
      if (route.page === 'embed') {
        stopArrival();
        recording = true;
        return;
      }
      arrive(
        planArrival({
          first: before === null,
          samePage: before !== null && routePageKey(before) === routePageKey(route),
          targetId: routeTargetId(route),
          previousTargetId: before === null ? null : routeTargetId(before),
          savedTopPx,
        }),
      );
    },
    dispose() {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('hashchange', onLeave);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('click', onClick);
      stopArrival();
      store.save();
    },
  };
}

/**
 * Keeps scroll and focus in step with `route` (the app's current route, from `useRoute`): used
 * once, by the app, which renders the route's page before this runs (a layout effect, so a new
 * page paints at its place, not at the old page's scroll position).
 */
export function useScrollOnNavigate(route: Route): void {
  const navigation = useRef<NavigationScroll | null>(null);
  useLayoutEffect(() => {
    const installed = installNavigationScroll();
    navigation.current = installed;
    return () => {
      installed.dispose();
      navigation.current = null;
    };
  }, []);
  useLayoutEffect(() => {
    navigation.current?.routeChanged(route);
  }, [route]);
}
