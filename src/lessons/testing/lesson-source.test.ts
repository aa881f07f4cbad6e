import { describe, expect, it } from 'vitest';
import { correctChoice, parseLessonSource, readLessonSource } from './lesson-source';

const SOURCE = [
  '# Title',
  '',
  'Some prose with `inline code`.',
  '',
  '<AnnotatedCode lang="python" title="a.py" code={`x = 1',
  'print(f"{x}")`} />',
  '',
  '```bash',
  'nvidia-smi',
  '```',
  '',
  '<QuickCheck id="q1" question="Which?">',
  '  <Choice explanation="No: wrong.">First</Choice>',
  '  <Choice correct explanation="Right: it is.">Second</Choice>',
  '</QuickCheck>',
].join('\n');

describe('parseLessonSource', () => {
  const lesson = parseLessonSource(SOURCE);

  it('reads questions by id with each choice, its correctness and its explanation', () => {
    const q = lesson.questions.get('q1')!;
    expect(q.attributes.question).toBe('Which?');
    expect(q.choices.map((c) => [c.text, c.correct, c.explanation])).toEqual([
      ['First', false, 'No: wrong.'],
      ['Second', true, 'Right: it is.'],
    ]);
    expect(correctChoice(q).text).toBe('Second');
  });

  it('reads AnnotatedCode and fenced snippets as a reader copies them', () => {
    expect(lesson.snippets).toEqual([
      { lang: 'python', title: 'a.py', code: 'x = 1\nprint(f"{x}")' },
      { lang: 'bash', title: '', code: 'nvidia-smi' },
    ]);
  });

  it('keeps prose apart from code and questions', () => {
    expect(lesson.prose).toContain('Some prose with inline code');
    expect(lesson.prose).not.toContain('nvidia-smi');
    expect(lesson.prose).not.toContain('Which?');
  });

  it('reads a real lesson: its questions and Python snippets', () => {
    const measuring = readLessonSource('08-measuring.mdx');
    expect(measuring.questions.get('cy-measuring-profiler')?.choices.length).toBeGreaterThan(1);
    expect(measuring.snippets.some((s) => s.lang === 'python')).toBe(true);
  });
});
