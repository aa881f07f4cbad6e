import { describe, expect, it } from 'vitest';
import { resolveEmbed, type EmbedTables } from './resolve-target';

const tables: EmbedTables = {
  lessons: [],
  questions: {},
  findWidget: () => undefined,
  lessonOfWidget: () => null,
};

describe('resolveEmbed for a puzzle', () => {
  it('finds the puzzle, titled, with a footer link to its page', () => {
    expect(resolveEmbed({ kind: 'puzzle', id: 'tiled-matmul' }, tables)).toEqual({
      found: true,
      kind: 'puzzle',
      id: 'tiled-matmul',
      title: 'WGSL puzzle: Tiled matmul',
      lessonSlug: null,
      home: { hash: '#/puzzles/tiled-matmul', title: 'WGSL puzzles' },
    });
  });

  it('finds a Triton puzzle by its shape, with a footer link to its page', () => {
    expect(resolveEmbed({ kind: 'triton', id: 'row-sum' }, tables)).toEqual({
      found: true,
      kind: 'triton',
      id: 'row-sum',
      title: 'Triton puzzle',
      lessonSlug: null,
      home: { hash: '#/triton/row-sum', title: 'Triton puzzles' },
    });
  });

  it('says which puzzle is missing', () => {
    expect(resolveEmbed({ kind: 'puzzle', id: 'nope' }, tables)).toEqual({
      found: false,
      asked: 'puzzle “nope”',
    });
  });
});
