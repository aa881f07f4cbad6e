// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserPage, installNavigationScroll, type NavigationScroll } from './useScrollOnNavigate';
import { parseRoute } from '../state/route';
import { browserUrlEnv, writeWidgetPairs } from '../state/url-sync';
import type { ArrivalPage } from './arrival';
import { SCROLL_STORAGE_KEY } from './scroll-memory';

// jsdom has no layout: the window's scroll is what the test sets, and scrolls are recorded.
let scrollY = 0;
const log: string[] = [];
const page: ArrivalPage<HTMLElement> = {
  ...browserPage,
  scrollTo: (topPx) => void log.push(`scroll ${topPx}`),
  maxScrollTopPx: () => 100_000,
  scrollToElement: (el) => void log.push(`scroll to #${el.id}`),
};
let navigation: NavigationScroll;

/** The learner scrolls the window to `topPx`. */
function scrollWindow(topPx: number) {
  scrollY = topPx;
  window.dispatchEvent(new Event('scroll'));
}

/** Waits for the next hashchange, then renders the route's page as the app would, and tells the rule. */
async function afterHashChange(render: (hash: string) => string, act: () => void) {
  const changed = new Promise((resolve) =>
    window.addEventListener('hashchange', resolve, { once: true }),
  );
  act();
  await changed;
  document.body.innerHTML = `<main id="main">${render(window.location.hash)}</main>`;
  navigation.routeChanged(parseRoute(window.location.hash));
}

const pageFor = (hash: string) =>
  hash.startsWith('#/glossary')
    ? '<h1>Glossary</h1><div id="term-warp" tabindex="-1">warp</div>'
    : `<h1>${hash}</h1><h2 id="recap">Recap</h2>`;

beforeEach(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  scrollY = 0;
  log.length = 0;
  window.history.replaceState(null, '', '#/lesson/why-gpus');
  document.body.innerHTML = `<main id="main">${pageFor('#/lesson/why-gpus')}</main>`;
  navigation = installNavigationScroll(page);
  navigation.routeChanged(parseRoute(window.location.hash));
});

afterEach(() => {
  navigation.dispose();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('installNavigationScroll', () => {
  it('leaves a fresh load where it is, focus too', () => {
    // (jsdom has no history.scrollRestoration; the browser test sees it set to 'manual'.)
    expect(log).toEqual([]);
    expect(document.activeElement).toBe(document.body);
  });

  it('opens a new page at the top with its heading focused, and Back returns to where the learner was', async () => {
    scrollWindow(2400);
    await afterHashChange(pageFor, () => (window.location.hash = '#/lesson/inside-a-gpu'));
    expect(log).toEqual(['scroll 0']);
    expect(document.activeElement?.textContent).toBe('#/lesson/inside-a-gpu');
    expect(document.activeElement?.tagName).toBe('H1');
    scrollWindow(700);

    log.length = 0;
    await afterHashChange(pageFor, () => window.history.back());
    expect(log).toEqual(['scroll 2400']);
    expect(document.activeElement?.textContent).toBe('#/lesson/why-gpus');

    log.length = 0;
    await afterHashChange(pageFor, () => window.history.forward());
    expect(log).toEqual(['scroll 700']);
  });

  it('scrolls to a section or glossary entry the new route names, and focuses it', async () => {
    await afterHashChange(pageFor, () => (window.location.hash = '#/lesson/why-gpus/recap'));
    expect(log).toEqual(['scroll to #recap']);
    expect(document.activeElement?.id).toBe('recap');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
    log.length = 0;
    await afterHashChange(pageFor, () => (window.location.hash = '#/glossary/warp'));
    expect(log).toEqual(['scroll to #term-warp']);
    expect(document.activeElement?.id).toBe('term-warp');
  });

  it('waits for a section that the page renders later', async () => {
    await afterHashChange(
      () => '<h1>Lesson</h1><p class="loading">Loading the lesson…</p>',
      () => (window.location.hash = '#/lesson/measuring/roofline'),
    );
    expect(log).toEqual([]);
    const section = document.createElement('h2');
    section.id = 'roofline';
    document.querySelector('main')!.append(section);
    await expect.poll(() => log).toEqual(['scroll to #roofline']);
    expect(document.activeElement).toBe(section);
  });

  it('lets an arrival under way finish when only the query changes meanwhile', async () => {
    await afterHashChange(
      () => '<p>Loading…</p>',
      () => (window.location.hash = '#/check'),
    );
    expect(log).toEqual(['scroll 0']);
    await afterHashChange(
      () => '<p>Loading…</p>',
      () => (window.location.hash = '#/check?x=1'),
    );
    const heading = document.createElement('h1');
    document.querySelector('main')!.append(heading);
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(log).toEqual(['scroll 0']);
  });

  it('does not treat a widget’s settings written into the URL as a navigation', async () => {
    scrollWindow(1500);
    const heard: string[] = [];
    window.addEventListener('hashchange', () => heard.push('hashchange'));
    writeWidgetPairs(browserUrlEnv, 'race', [['race.tasks', '5']]);
    expect(window.location.hash).toBe('#/lesson/why-gpus?race.tasks=5');
    scrollWindow(1600);
    // Away and back: the entry is the same one, at its latest position.
    await afterHashChange(pageFor, () => (window.location.hash = '#/check'));
    log.length = 0;
    await afterHashChange(pageFor, () => window.history.back());
    expect(window.location.hash).toBe('#/lesson/why-gpus?race.tasks=5');
    expect(log).toEqual(['scroll 1600']);
    expect(heard).toEqual(['hashchange', 'hashchange']);
  });

  it('keeps positions for a reload of the tab', async () => {
    scrollWindow(3100);
    window.dispatchEvent(new Event('pagehide'));
    navigation.dispose();
    expect(sessionStorage.getItem(SCROLL_STORAGE_KEY)).toMatch(/3100/);
    log.length = 0;
    navigation = installNavigationScroll(page);
    navigation.routeChanged(parseRoute(window.location.hash));
    expect(log).toEqual(['scroll 3100']);
    // A reload does not move focus.
    expect(document.activeElement).toBe(document.body);
  });

  it('treats a click on a link to the page shown as a way to its top', () => {
    scrollWindow(900);
    const link = document.createElement('a');
    link.href = '#/lesson/why-gpus';
    document.body.append(link);
    link.addEventListener('click', (e) => e.preventDefault()); // jsdom would not navigate anyway
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    // A prevented click is someone else's: nothing moves.
    expect(log).toEqual([]);
    const plain = document.createElement('a');
    plain.href = '#/lesson/why-gpus';
    document.body.append(plain);
    plain.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(log).toEqual(['scroll 0']);
    expect(document.activeElement?.tagName).toBe('H1');
  });
});
