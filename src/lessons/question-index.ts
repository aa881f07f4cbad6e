import index from 'virtual:question-index';

/** Where a question is taught: its lesson and the section around it. */
export interface QuestionLocation {
  /** The lesson's slug. */
  slug: string;
  /** The id of the nearest heading above the question (h2 or h3), or null when none. */
  section: string | null;
  /** That heading's text, or null. */
  heading: string | null;
  /** True for a question of the knowledge check page, false for one in its lesson's text. */
  inKnowledgeCheck: boolean;
}

/** Every question found in the lessons at build time, by id. */
export const questionIndex: Readonly<Record<string, QuestionLocation>> = index;

/** Where the question with this id is taught, or undefined when no lesson holds it. */
export function findQuestion(id: string): QuestionLocation | undefined {
  return Object.prototype.hasOwnProperty.call(questionIndex, id) ? questionIndex[id] : undefined;
}
