import { describe, expect, it } from 'vitest';
import { lessonHref, parseRoute } from './route';

describe('parseRoute', () => {
  it('reads the home page from an empty or root hash', () => {
    expect(parseRoute('')).toEqual({ page: 'home' });
    expect(parseRoute('#/')).toEqual({ page: 'home' });
  });

  it('reads a lesson and an optional section', () => {
    expect(parseRoute('#/lesson/why-gpus')).toEqual({
      page: 'lesson',
      slug: 'why-gpus',
      section: null,
    });
    expect(parseRoute('#/lesson/why-gpus/amdahls-law')).toEqual({
      page: 'lesson',
      slug: 'why-gpus',
      section: 'amdahls-law',
    });
  });

  it('keeps the path of anything it does not know', () => {
    expect(parseRoute('#/nowhere')).toEqual({ page: 'not-found', path: '/nowhere' });
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
    });
  });
});
