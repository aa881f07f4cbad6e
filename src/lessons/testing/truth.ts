/**
 * What a lesson's truth test asks of its text: a figure it quotes agrees with the one recomputed
 * (to the quoted precision, or within a relative slack), its prose says a sentence, and a
 * question exists by id. Shared by the truth tests in src/lessons/truth.
 */
import { expect } from 'vitest';
import type { LessonSource, SourceQuestion } from './lesson-source';

/**
 * A quoted figure agrees with the computed one when it is that value rounded to the quoted
 * precision (`step`), or within `relative` of it: a recalibration that moves a figure further
 * than that must show up, so the lesson is updated with it.
 */
export function expectQuoted(
  value: number,
  quoted: number,
  step: number,
  label: string,
  relative = 0.01,
): void {
  const slack = Math.max(step / 2, relative * Math.abs(quoted)) + 1e-9;
  expect(
    Math.abs(value - quoted),
    `${label}: computed ${value.toPrecision(6)}, lesson ${quoted}`,
  ).toBeLessThanOrEqual(slack);
}

/** `says(text)`: the lesson's prose (outside code and questions) contains it; `question(id)`. */
export function lessonTruth(lesson: LessonSource): {
  says(text: string): void;
  question(id: string): SourceQuestion;
} {
  return {
    says(text) {
      expect(lesson.prose, `the lesson says "${text}"`).toContain(text);
    },
    question(id) {
      const q = lesson.questions.get(id);
      if (!q) throw new Error(`no question ${id}`);
      return q;
    },
  };
}
