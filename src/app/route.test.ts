import { describe, expect, it } from 'vitest';
import { lessonHref, parseRoute } from './route';

const none = new Map<string, string>();

describe('parseRoute', () => {
  it('reads the home page from an empty or root hash, with or without a query', () => {
    expect(parseRoute('')).toEqual({ page: 'home' });
    expect(parseRoute('#/')).toEqual({ page: 'home' });
    expect(parseRoute('#/?race.tasks=5')).toEqual({ page: 'home' });
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
});
