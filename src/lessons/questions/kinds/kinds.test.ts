import { describe, expect, it } from 'vitest';
import { lessonComponentNames } from '../../component-names';
import { checkChoices } from './checks';
import {
  QUESTION_COMPONENT_NAMES,
  QUESTION_INTERACTION_TYPES,
  QUESTION_KIND_RECORDS,
  QUESTION_KINDS,
  QUESTION_TAG_NAMES,
  questionKindRecord,
  type QuestionCheckContext,
  type QuestionElement,
} from './index';

/** A question element built by hand, as the remark check would build it from MDX. */
function element(
  tag: string,
  props: Record<string, unknown>,
  children: QuestionElement[] = [],
  text = '',
): QuestionElement {
  return {
    tag,
    prop: (name) => ({ present: name in props, value: props[name], literal: true }),
    descendants: (t) => children.filter((c) => c.tag === t),
    text: () => text,
    addProp: (name, value) => {
      props[name] = value;
    },
  };
}

const choice = (text: string, props: Record<string, unknown> = {}) =>
  element('Choice', props, [], text);

describe('the question kinds’ records', () => {
  it('give each tag and each data-kind exactly once', () => {
    expect(new Set(QUESTION_TAG_NAMES).size).toBe(QUESTION_KIND_RECORDS.length);
    const declared = QUESTION_KIND_RECORDS.flatMap((r) => Object.keys(r.kinds));
    expect(new Set(declared).size).toBe(declared.length);
    expect(QUESTION_KINDS).toEqual(declared);
  });

  it('list each tag with the markers it reads, and lessons may write all of them', () => {
    expect(QUESTION_COMPONENT_NAMES).toEqual([
      'QuickCheck',
      'Choice',
      'NumericCheck',
      'OrderCheck',
      'Step',
      'BugCheck',
      'PredictCheck',
    ]);
    for (const name of QUESTION_COMPONENT_NAMES) expect(lessonComponentNames([])).toContain(name);
  });

  it('map each kind to its xAPI interaction type', () => {
    expect(QUESTION_INTERACTION_TYPES).toEqual({
      single: 'choice',
      multiple: 'choice',
      numeric: 'numeric',
      order: 'sequencing',
      bug: 'other',
      predict: 'choice',
    });
  });

  it('find a record by tag, and none for a marker or an unknown tag', () => {
    expect(questionKindRecord('NumericCheck')?.kinds).toEqual({ numeric: 'numeric' });
    expect(questionKindRecord('Choice')).toBeUndefined();
    expect(questionKindRecord('toString')).toBeUndefined();
  });

  it('reserve placeholder rows from the props and the marker children', () => {
    const rows = (tag: string, props: Record<string, unknown>, markers = 0) =>
      questionKindRecord(tag)?.placeholderRows(props, () => markers);
    expect(rows('QuickCheck', {}, 3)).toBe(3);
    expect(rows('PredictCheck', {}, 2)).toBe(3);
    expect(rows('OrderCheck', {}, 4)).toBe(4);
    expect(rows('NumericCheck', {})).toBe(1);
    expect(rows('BugCheck', { code: 'a\nb\nc' })).toBe(3);
    expect(rows('BugCheck', {})).toBe(1);
  });
});

describe('a record’s build check', () => {
  it('reads the element through QuestionElement and reports at the element inside', () => {
    const reports: [string, QuestionElement | undefined][] = [];
    const context = {
      resolver: {} as QuestionCheckContext['resolver'],
      report: (message: string, where?: QuestionElement) => reports.push([message, where]),
    };
    const bare = choice('B', { correct: true });
    checkChoices(
      element('QuickCheck', {}, [choice('A', { explanation: 'x' }), bare]),
      context,
      false,
    );
    expect(reports).toEqual([
      ['<Choice> needs an explanation="..." saying why it is right or wrong', bare],
    ]);
    reports.length = 0;
    questionKindRecord('OrderCheck')?.check(
      element('OrderCheck', { question: 'Q?', explanation: ' ' }, [element('Step', {})]),
      context,
    );
    expect(reports.map(([m]) => m)).toEqual([
      '<OrderCheck> needs an explanation="..."',
      '<OrderCheck> needs at least three <Step>s, written in the right order (found 1)',
    ]);
  });
});
