import { lessons } from '../lessons/registry';
import { findQuestion } from '../lessons/question-index';
import { useReview } from '../store/review-store';
import { dueReviews, nextDueDay } from '../store/review-schedule';
import { dueLinks } from './review-summary';
import './progress.css';

/**
 * The course home's review box: how many missed questions are due today, each linked to the
 * section that teaches it, or when the next one comes back. `now` decides what is due.
 */
export function ReviewPanel({ now = new Date() }: { now?: Date }) {
  const items = useReview((s) => s.items);
  const due = dueLinks(dueReviews({ items }, now), lessons, findQuestion);
  const next = nextDueDay({ items }, now);
  return (
    <section className="review-panel" aria-labelledby="review-title" data-review-due={due.length}>
      <h2 id="review-title">Review</h2>
      {due.length === 0 ? (
        <p>
          Nothing is due for review.{' '}
          {next
            ? `The next missed question comes back on ${next} (UTC).`
            : 'A question you answer wrongly comes back here a day later, then after 3, 7 and 21 days.'}
        </p>
      ) : (
        <>
          <p>
            <strong>
              {due.length} {due.length === 1 ? 'question is' : 'questions are'} due for review.
            </strong>{' '}
            Each link opens the section that teaches it; read it, then answer the question again.
          </p>
          <ul className="review-list">
            {due.map((d) => (
              <li key={d.id} data-review-item={d.id}>
                {d.href ? (
                  <a href={d.href}>
                    {d.lessonTitle}
                    {d.heading ? `: ${d.heading}` : ''}
                  </a>
                ) : (
                  <span>Question “{d.id}” (not linked to a lesson section)</span>
                )}
                {d.checkHref ? (
                  <>
                    {' '}
                    (asked in the <a href={d.checkHref}>knowledge check</a>)
                  </>
                ) : null}
                {d.overdueDays > 0 ? (
                  <span className="review-overdue">
                    {' '}
                    · due {d.overdueDays} {d.overdueDays === 1 ? 'day' : 'days'} ago
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="review-more">
        <a href="#/progress">Save your progress to a file, or bring it from another browser</a>
      </p>
    </section>
  );
}
