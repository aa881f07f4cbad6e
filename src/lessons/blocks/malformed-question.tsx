import { useEffect } from 'react';
import { QUESTION_KIND_BY_TAG, type QuestionTag } from '../questions/kinds';
import './blocks.css';
import './quick-check.css';

/**
 * A malformed question: an alert naming the problems, never a blank page (and, in development,
 * the same on the console with the tag and id, to find it in the lesson).
 */
export function MalformedQuestion({
  tag,
  id,
  problems,
}: {
  tag: QuestionTag;
  id: unknown;
  problems: string[];
}) {
  const message = `This ${QUESTION_KIND_BY_TAG[tag].noun} is malformed: ${problems.join('; ')}.`;
  useEffect(() => {
    if (import.meta.env.DEV) console.warn(`<${tag} id="${String(id)}">: ${message}`);
  }, [tag, id, message]);
  return (
    <div
      className="quick-check quick-check-malformed"
      data-quick-check={typeof id === 'string' ? id : ''}
      data-answered="false"
      data-correct="false"
    >
      <div role="alert" className="block-warning">
        <p>{message}</p>
      </div>
    </div>
  );
}

/** What is wrong with the shared props, one phrase each. */
export function baseProblems(id: unknown, question: unknown): string[] {
  const problems: string[] = [];
  if (typeof id !== 'string' || id.trim() === '') problems.push('it needs an id="..."');
  if (typeof question !== 'string' || question.trim() === '')
    problems.push('it needs a question="..."');
  return problems;
}

/** The phrase for a missing explanation, or none. */
export function explanationProblems(explanation: unknown): string[] {
  return typeof explanation === 'string' && explanation !== ''
    ? []
    : ['it needs an explanation="..."'];
}
