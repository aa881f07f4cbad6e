import { describe, expect, it } from 'vitest';
import type { LessonMeta } from '../lessons/frontmatter';
import { raceLikeSchema } from '../state/testing/example-schemas';
import type { WidgetEntry } from '../widgets/registry';
import { resolveEmbed, type EmbedTables } from './resolve-target';

const lesson = (slug: string, title: string): LessonMeta => ({
  slug,
  title,
  order: 1,
  readingMinutes: 5,
  objectives: ['a', 'b', 'c'],
  summary: '',
});
const race: WidgetEntry = {
  tag: 'Race',
  id: 'race',
  label: 'CPU vs GPU race',
  placeholderHeightPx: 1000,
  narrowPlaceholderHeightPx: 1500,
  loadSchema: () => Promise.resolve(raceLikeSchema),
  load: () => Promise.resolve({ default: () => null }),
};
const tables: EmbedTables = {
  lessons: [lesson('why-gpus', 'Why GPUs'), lesson('empty', 'Empty lesson')],
  questions: {
    'cy-1': {
      slug: 'why-gpus',
      section: 'check-yourself',
      heading: 'Check yourself',
      inKnowledgeCheck: false,
    },
    'mid-1': {
      slug: 'why-gpus',
      section: 'the-work',
      heading: 'The work',
      inKnowledgeCheck: false,
    },
    'cy-2': {
      slug: 'why-gpus',
      section: 'check-yourself',
      heading: 'Check yourself',
      inKnowledgeCheck: false,
    },
    'kc-1': { slug: 'why-gpus', section: 'check-yourself', heading: null, inKnowledgeCheck: true },
  },
  findWidget: (id) => (id === 'race' ? race : undefined),
  lessonOfWidget: (id) => (id === 'race' ? 'why-gpus' : null),
};

describe('resolveEmbed', () => {
  it('finds a widget and the lesson that places it', () => {
    expect(resolveEmbed({ kind: 'widget', id: 'race' }, tables)).toMatchObject({
      found: true,
      kind: 'widget',
      title: 'CPU vs GPU race',
      lessonSlug: 'why-gpus',
      home: { hash: '#/lesson/why-gpus/widget-race', title: 'Why GPUs' },
    });
  });

  it('links a widget no lesson places to the course home', () => {
    const orphan = { ...tables, lessonOfWidget: () => null };
    expect(resolveEmbed({ kind: 'widget', id: 'race' }, orphan)).toMatchObject({
      lessonSlug: null,
      home: { hash: '#/', title: null },
    });
  });

  it('finds a lesson question in its lesson, a knowledge-check question in the check', () => {
    expect(resolveEmbed({ kind: 'quiz', id: 'mid-1' }, tables)).toMatchObject({
      kind: 'quiz',
      source: { kind: 'lesson', slug: 'why-gpus' },
      questionIds: ['mid-1'],
      home: { hash: '#/lesson/why-gpus/the-work', title: 'Why GPUs' },
    });
    expect(resolveEmbed({ kind: 'quiz', id: 'kc-1' }, tables)).toMatchObject({
      source: { kind: 'knowledge-check' },
      home: { hash: '#/check', title: 'Knowledge check' },
    });
  });

  it('gathers a lesson check from its check-yourself questions, in order, without the knowledge check', () => {
    expect(resolveEmbed({ kind: 'check', slug: 'why-gpus' }, tables)).toMatchObject({
      kind: 'check',
      id: 'why-gpus',
      title: 'Check yourself: Why GPUs',
      questionIds: ['cy-1', 'cy-2'],
      home: { hash: '#/lesson/why-gpus/check-yourself' },
    });
  });

  it('says what was asked for when nothing matches', () => {
    const missing = (target: Parameters<typeof resolveEmbed>[0]) => resolveEmbed(target, tables);
    expect(missing({ kind: 'widget', id: 'nope' })).toEqual({
      found: false,
      asked: 'widget “nope”',
    });
    expect(missing({ kind: 'quiz', id: 'toString' })).toEqual({
      found: false,
      asked: 'question “toString”',
    });
    expect(missing({ kind: 'check', slug: 'nope' })).toEqual({
      found: false,
      asked: 'lesson “nope”',
    });
    expect(missing({ kind: 'check', slug: 'empty' })).toEqual({
      found: false,
      asked: 'check for the lesson “Empty lesson”',
    });
    expect(missing({ kind: 'invalid', path: '/embed/a/b' })).toEqual({
      found: false,
      asked: 'embed address “/embed/a/b”',
    });
  });

  it('finds the real race, question and check of the built course', () => {
    expect(resolveEmbed({ kind: 'widget', id: 'race' })).toMatchObject({ lessonSlug: 'why-gpus' });
    expect(resolveEmbed({ kind: 'quiz', id: 'cy-why-independent' })).toMatchObject({
      found: true,
      lessonSlug: 'why-gpus',
    });
    const check = resolveEmbed({ kind: 'check', slug: 'why-gpus' });
    expect(check.found && check.kind === 'check' && check.questionIds).toContain(
      'cy-why-independent',
    );
  });
});
