import { describe, expect, it } from 'vitest';
import {
  embedHref,
  glossaryHref,
  guideHref,
  GUIDE_NAMES,
  GUIDES_HREF,
  lessonHref,
  parseRoute,
  routePageKey,
  routeTargetId,
} from './route';

const none = new Map<string, string>();

describe('parseRoute', () => {
  it('reads the home page from an empty or root hash, with or without a query', () => {
    expect(parseRoute('')).toEqual({ page: 'home' });
    expect(parseRoute('#/')).toEqual({ page: 'home' });
    expect(parseRoute('#/?race.tasks=5')).toEqual({ page: 'home' });
  });

  it('reads the class report and the machine check', () => {
    expect(parseRoute('#/class')).toEqual({ page: 'class' });
    expect(parseRoute('#/class/')).toEqual({ page: 'class' });
    expect(parseRoute('#/check-machine')).toEqual({ page: 'check-machine' });
    expect(parseRoute('#/check-machine/x')).toEqual({
      page: 'not-found',
      path: '/check-machine/x',
    });
    expect(parseRoute('#/check')).toEqual({ page: 'check' });
  });

  it('reads a lesson and an optional section', () => {
    expect(parseRoute('#/lesson/why-gpus')).toEqual({
      page: 'lesson',
      slug: 'why-gpus',
      section: null,
      query: none,
    });
    expect(parseRoute('#/lesson/why-gpus/amdahls-law')).toEqual({
      page: 'lesson',
      slug: 'why-gpus',
      section: 'amdahls-law',
      query: none,
    });
  });

  it('reads the query of a lesson, with or without a section', () => {
    expect(parseRoute('#/lesson/why-gpus?race.tasks=1000&race.serial=5')).toEqual({
      page: 'lesson',
      slug: 'why-gpus',
      section: null,
      query: new Map([
        ['race.tasks', '1000'],
        ['race.serial', '5'],
      ]),
    });
    const route = parseRoute('#/lesson/why-gpus/widget-race?race.gpus=a100-sxm-80gb,h100-sxm');
    expect(route).toMatchObject({ page: 'lesson', section: 'widget-race' });
    expect(route.page === 'lesson' && route.query.get('race.gpus')).toBe('a100-sxm-80gb,h100-sxm');
  });

  it('never fails a lesson path because of its query', () => {
    for (const query of [
      '',
      '&&&===',
      '%E0%A4%A',
      '__proto__=1',
      '?#?',
      'a=<script>',
      'x'.repeat(9000),
    ]) {
      expect(parseRoute(`#/lesson/why-gpus/recap?${query}`).page).toBe('lesson');
    }
    expect(parseRoute('#/lesson/why-gpus/?a=1')).toMatchObject({ page: 'lesson', section: null });
  });

  it('keeps the path of anything it does not know, without its query', () => {
    expect(parseRoute('#/nowhere')).toEqual({ page: 'not-found', path: '/nowhere' });
    expect(parseRoute('#/nowhere?a=1')).toEqual({ page: 'not-found', path: '/nowhere' });
    expect(parseRoute('#/lesson/Bad Slug!')).toEqual({
      page: 'not-found',
      path: '/lesson/Bad Slug!',
    });
  });

  it('round-trips the hrefs it builds', () => {
    expect(parseRoute(lessonHref('why-gpus', 'recap'))).toEqual({
      page: 'lesson',
      slug: 'why-gpus',
      section: 'recap',
      query: none,
    });
  });

  it('reads the three embed paths with their query', () => {
    expect(parseRoute('#/embed/race?race.tasks=1000&theme=dark')).toEqual({
      page: 'embed',
      target: { kind: 'widget', id: 'race' },
      query: new Map([
        ['race.tasks', '1000'],
        ['theme', 'dark'],
      ]),
    });
    expect(parseRoute('#/embed/quiz/cy-why-independent')).toEqual({
      page: 'embed',
      target: { kind: 'quiz', id: 'cy-why-independent' },
      query: none,
    });
    expect(parseRoute('#/embed/check/why-gpus/?frame=a1')).toEqual({
      page: 'embed',
      target: { kind: 'check', slug: 'why-gpus' },
      query: new Map([['frame', 'a1']]),
    });
  });

  it('keeps a malformed embed path as an invalid embed target, never a crash', () => {
    for (const path of [
      '/embed',
      '/embed/',
      '/embed/quiz',
      '/embed/check/',
      '/embed/Bad!',
      '/embed/a/b/c',
    ]) {
      expect(parseRoute(`#${path}?x=1`)).toEqual({
        page: 'embed',
        target: { kind: 'invalid', path },
        query: new Map([['x', '1']]),
      });
    }
    expect(parseRoute('#/embedded')).toEqual({ page: 'not-found', path: '/embedded' });
  });

  it('reads the two guides, with an optional section, and round-trips their hrefs', () => {
    expect(parseRoute('#/guide/instructors')).toEqual({
      page: 'guide',
      name: 'instructors',
      section: null,
    });
    expect(parseRoute('#/guide/authors/questions/?x=1')).toEqual({
      page: 'guide',
      name: 'authors',
      section: 'questions',
    });
    for (const name of GUIDE_NAMES) {
      expect(parseRoute(guideHref(name))).toEqual({ page: 'guide', name, section: null });
      expect(parseRoute(guideHref(name, 'a-b'))).toEqual({ page: 'guide', name, section: 'a-b' });
    }
  });

  it('reads the list of the guides', () => {
    expect(parseRoute(GUIDES_HREF)).toEqual({ page: 'guides' });
    expect(parseRoute('#/guide/')).toEqual({ page: 'guides' });
  });

  it('treats an unknown or malformed guide path as not found', () => {
    for (const path of [
      '/guide/students',
      '/guide/Authors',
      '/guide/authors/a/b',
      '/guide/constructor',
    ]) {
      expect(parseRoute(`#${path}`)).toEqual({ page: 'not-found', path });
    }
  });

  it('round-trips the embed hrefs it builds', () => {
    for (const target of [
      { kind: 'widget', id: 'spec-table' },
      { kind: 'quiz', id: 'kc-why-amdahl' },
      { kind: 'check', slug: 'gpu-memory' },
    ] as const) {
      expect(parseRoute(embedHref(target))).toEqual({ page: 'embed', target, query: none });
    }
  });
});

describe('routePageKey and routeTargetId', () => {
  it('tells a page apart from the section, entry or widget it scrolls to', () => {
    const key = (hash: string) => routePageKey(parseRoute(hash));
    const target = (hash: string) => routeTargetId(parseRoute(hash));
    // Same page: another section, a widget's share link, a query.
    expect(key('#/lesson/why-gpus/recap')).toBe(key('#/lesson/why-gpus'));
    expect(key('#/lesson/why-gpus/widget-race?race.tasks=5')).toBe(key('#/lesson/why-gpus'));
    expect(key(glossaryHref('warp'))).toBe(key(glossaryHref()));
    expect(key(guideHref('authors', 'questions'))).toBe(key(guideHref('authors')));
    // Other pages.
    expect(
      new Set(
        [
          '#/',
          '#/lesson/why-gpus',
          '#/lesson/inside-a-gpu',
          '#/guide/authors',
          '#/guide/instructors',
          GUIDES_HREF,
          '#/glossary',
          '#/check',
          '#/progress',
          '#/puzzles',
          '#/puzzles/map',
          '#/nowhere',
          '#/elsewhere',
        ].map(key),
      ).size,
    ).toBe(13);
    expect(target('#/lesson/why-gpus/recap?x=1')).toBe('recap');
    expect(target('#/lesson/why-gpus/widget-race?race.tasks=5')).toBe('widget-race');
    expect(target(guideHref('authors', 'questions'))).toBe('questions');
    expect(target(glossaryHref('warp'))).toBe('term-warp');
    for (const hash of ['#/', '#/lesson/why-gpus', '#/glossary', '#/guide/authors', '#/check']) {
      expect(target(hash)).toBeNull();
    }
  });
});
