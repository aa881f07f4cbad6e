import { describe, expect, it } from 'vitest';
import {
  LENGTH_BIAS_LIMIT,
  lengthBias,
  lengthBiasReport,
  singleAnswerQuestions,
} from './quick-check-length.mjs';

const header = '---\ntitle: T\norder: 1\n---\n\n';

/** A quick check whose choices have these texts; the right one is at `right`. */
function quickCheck(id: string, texts: string[], right: number, extra = ''): string {
  const choices = texts
    .map((t, i) => `  <Choice${i === right ? ' correct' : ''} explanation="why">${t}</Choice>`)
    .join('\n');
  return `<QuickCheck id="${id}"${extra} question="Q?">\n${choices}\n</QuickCheck>\n\n`;
}

describe('singleAnswerQuestions', () => {
  it('finds the right choice when it alone is the longest', () => {
    const [q] = singleAnswerQuestions(
      header + quickCheck('a', ['short', 'the long one', 'mid'], 1),
    );
    expect(q).toMatchObject({ id: 'a', tag: 'QuickCheck', lengths: [5, 12, 3], longest: true });
    expect(q!.shortest).toBe(false);
  });

  it('does not count a tie for the longest, and counts the unique shortest', () => {
    const [tie, short] = singleAnswerQuestions(
      header +
        quickCheck('t', ['abcd', 'efgh', 'ij'], 0) +
        quickCheck('s', ['ab', 'cdef', 'ghi'], 0),
    );
    expect(tie).toMatchObject({ longest: false, shortest: false });
    expect(short).toMatchObject({ longest: false, shortest: true });
  });

  it('measures the text a learner reads: markup and explanations left out, spaces collapsed', () => {
    const src =
      header +
      '<QuickCheck id="m" question="Q?">\n' +
      '  <Choice correct explanation="a very long explanation that must not count">`x.cpu()`   now</Choice>\n' +
      '  <Choice explanation="b">**bold** text here</Choice>\n' +
      '</QuickCheck>\n';
    const [q] = singleAnswerQuestions(src);
    expect(q!.lengths).toEqual(['x.cpu() now'.length, 'bold text here'.length]);
    expect(q!.longest).toBe(false);
  });

  it('skips questions with several right answers, and reads PredictCheck', () => {
    const predict =
      '<PredictCheck id="p" experiment="e" question="Q?" explanation="E">\n' +
      '  <Choice correct explanation="a">the right prediction</Choice>\n' +
      '  <Choice explanation="b">no</Choice>\n' +
      '</PredictCheck>\n';
    const qs = singleAnswerQuestions(
      header + quickCheck('multi', ['a long one', 'b'], 0, ' multiple') + predict,
    );
    expect(qs.map((q) => [q.id, q.tag, q.longest])).toEqual([['p', 'PredictCheck', true]]);
  });
});

describe('lengthBias', () => {
  const files = [
    { file: '/r/content/01.mdx', source: header + quickCheck('a', ['x', 'longer'], 1) },
    {
      file: '/r/content/02.mdx',
      source: header + quickCheck('b', ['longer', 'x'], 1) + quickCheck('c', ['same', 'alik'], 0),
    },
  ];

  it('counts the share of single-answer questions whose right choice is the unique longest', () => {
    const result = lengthBias(files);
    expect(result).toMatchObject({ total: 3, longest: 1, shortest: 1 });
    expect(result.share).toBeCloseTo(1 / 3, 12);
    expect(lengthBias([]).share).toBe(0);
  });

  it('reports each file and the total against the limit', () => {
    const lines = lengthBiasReport(lengthBias(files), '/r');
    expect(lines).toEqual([
      '  content/01.mdx: 1 of 1 (a)',
      '  content/02.mdx: 0 of 2',
      'quick checks: right answer is the unique longest choice in 1 of 3 single-answer checks (33 %); limit 34 % (unique shortest in 1)',
    ]);
    expect(LENGTH_BIAS_LIMIT).toBe(0.34);
  });
});
