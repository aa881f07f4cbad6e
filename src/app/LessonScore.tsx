import type { LessonScore as Score } from './review-summary';

/** One lesson's question score on its course-home card ("2 of 3 answered right, 3 questions"). */
export function LessonScore({ score }: { score: Score | undefined }) {
  if (!score || score.questions === 0) return null;
  return (
    <p className="lesson-score" data-score-right={score.right} data-score-answered={score.answered}>
      {score.answered === 0
        ? `${score.questions} ${score.questions === 1 ? 'question' : 'questions'}, none answered yet`
        : `Questions: ${score.right} right of ${score.answered} answered (${score.questions} in the lesson)`}
    </p>
  );
}
