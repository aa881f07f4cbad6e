import { describe, expect, it } from 'vitest';
import { embedHref, parseRoute, puzzlesHref, routePageKey, tritonHref } from './route';

describe('the puzzle routes', () => {
  it('reads the list and one puzzle, and round-trips their hrefs', () => {
    expect(parseRoute('#/puzzles')).toEqual({ page: 'puzzles', id: null });
    expect(parseRoute('#/puzzles/')).toEqual({ page: 'puzzles', id: null });
    expect(parseRoute('#/puzzles/tiled-matmul')).toEqual({ page: 'puzzles', id: 'tiled-matmul' });
    expect(parseRoute(puzzlesHref())).toEqual({ page: 'puzzles', id: null });
    expect(parseRoute(puzzlesHref('map'))).toEqual({ page: 'puzzles', id: 'map' });
    expect(parseRoute('#/puzzles/Map!')).toEqual({ page: 'not-found', path: '/puzzles/Map!' });
    expect(parseRoute('#/puzzles/a/b')).toEqual({ page: 'not-found', path: '/puzzles/a/b' });
  });

  it('reads an embedded puzzle, never as a widget called "puzzle"', () => {
    expect(parseRoute('#/embed/puzzle/map?theme=dark')).toEqual({
      page: 'embed',
      target: { kind: 'puzzle', id: 'map' },
      query: new Map([['theme', 'dark']]),
    });
    expect(parseRoute('#/embed/puzzle')).toMatchObject({ target: { kind: 'invalid' } });
    expect(parseRoute(embedHref({ kind: 'puzzle', id: 'sum' }))).toMatchObject({
      target: { kind: 'puzzle', id: 'sum' },
    });
  });

  it('reads the Triton puzzles, one of them and its embed', () => {
    expect(parseRoute('#/triton')).toEqual({ page: 'triton', id: null });
    expect(parseRoute(tritonHref('vector-add'))).toEqual({ page: 'triton', id: 'vector-add' });
    expect(parseRoute(tritonHref())).toEqual({ page: 'triton', id: null });
    expect(parseRoute('#/triton/Bad!')).toEqual({ page: 'not-found', path: '/triton/Bad!' });
    expect(routePageKey(parseRoute('#/triton/row-sum'))).toBe('triton/row-sum');
    expect(parseRoute(embedHref({ kind: 'triton', id: 'row-sum' }))).toEqual({
      page: 'embed',
      target: { kind: 'triton', id: 'row-sum' },
      query: new Map(),
    });
    expect(embedHref({ kind: 'triton', id: 'row-sum' })).toBe('#/embed/triton/row-sum');
  });
});
