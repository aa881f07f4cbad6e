import { lessons } from '../lessons/registry';
import {
  CHECK_HREF,
  glossaryHref,
  guideHref,
  lessonHref,
  puzzlesHref,
  tritonHref,
} from '../state/route';
import { useProgress } from '../store/progress';
import { lessonStatus, courseProgress, ownLessonScores } from './progress-summary';
import { ReviewPanel } from './ReviewPanel';
import { LessonScore } from './LessonScore';
import { questionIndex } from '../lessons/question-index';
import { useReview } from '../store/review-store';
import { dueReviews } from '../store/review-schedule';
import { nextStep, type NextStep } from './continue-lesson';
import './home.css';

/**
 * The course home: where to start or go on (see `nextStep`), every lesson in order with its
 * reading time and the learner's progress, then the other pages. The review box comes first
 * when a missed question is due (it is the thing to do today); otherwise it sits below the
 * lessons, so a first visit meets the course, not an empty review. `now` decides what is due.
 */
export function HomePage({ now = new Date() }: { now?: Date }) {
  const visited = useProgress((s) => s.visited);
  const completed = useProgress((s) => s.completed);
  const summary = courseProgress(lessons, completed);
  const answers = useProgress((s) => s.answers);
  const scores = ownLessonScores(lessons, answers, questionIndex);
  const items = useReview((s) => s.items);
  const reviewFirst = dueReviews({ items }, now).length > 0;
  return (
    <div className="page">
      <section className="hero">
        <h1 tabIndex={-1}>GPU Lab</h1>
        <p className="lede">
          Learn how GPUs run deep learning by watching your own hardware work. Every lesson puts
          live widgets in the text: they measure your CPU and GPU for real, in this browser, and set
          the results beside what an A100 or H100 would do according to a calibrated cost model.
        </p>
        <NextStepLink step={nextStep(lessons, visited, completed)} />
        <p className="course-progress" aria-live="polite">
          <progress max={summary.total} value={summary.completed} aria-label="Course progress" />{' '}
          {summary.completed} of {summary.total} lessons completed
        </p>
      </section>
      {reviewFirst && <ReviewPanel now={now} />}
      <h2>Lessons</h2>
      <ol className="lesson-list">
        {lessons.map((l) => {
          const status = lessonStatus(l.slug, visited, completed);
          return (
            <li key={l.slug} className={`lesson-card status-${status}`} data-lesson={l.slug}>
              <a href={lessonHref(l.slug)}>
                <span className="lesson-number">{l.order}</span>
                <span className="lesson-title">{l.title}</span>
              </a>
              <p className="lesson-summary">{l.summary}</p>
              <p className="lesson-meta">
                <span>{l.readingMinutes} min read</span>
                <span className={`badge badge-${status}`} data-progress={status}>
                  {status === 'completed'
                    ? '✓ Completed'
                    : status === 'visited'
                      ? 'Started'
                      : 'Not started'}
                </span>
              </p>
              <LessonScore score={scores.get(l.slug)} />
            </li>
          );
        })}
      </ol>
      {!reviewFirst && <ReviewPanel now={now} />}
      <p className="home-check">
        <a href={CHECK_HREF}>Knowledge check</a>: questions from all ten lessons, with a score, a
        retry of the ones you missed and a link to the section that teaches each.
      </p>
      <p className="home-puzzles">
        <a href={puzzlesHref()}>WGSL puzzles</a>: write twelve small GPU kernels yourself, from a
        map to a tiled matrix product, checked on your own GPU against a CPU reference.
      </p>
      <p className="home-triton">
        <a href={tritonHref()}>Triton puzzles</a>: eleven kernels in Triton, the block-level
        language PyTorch users write, from a vector add to a causal flash-attention forward, run on
        your WebGPU device (or an interpreter) and checked at awkward sizes.
      </p>
      <p className="home-glossary">
        <a href={glossaryHref()}>Glossary</a>: every term the course uses, defined in a few words,
        with the section that teaches it.
      </p>
      <p className="home-guides">
        Teaching or writing with GPU Lab? The{' '}
        <a href={guideHref('instructors')}>instructors’ guide</a> shows how to embed a widget, a
        question or a lesson check in your own course site, and the{' '}
        <a href={guideHref('authors')}>authors’ guide</a> how to write a lesson.
      </p>
    </div>
  );
}

/** The hero's leading link: "Start lesson 1", "Continue lesson N", or the knowledge check once every lesson is done. */
function NextStepLink({ step }: { step: NextStep }) {
  if (step.kind === 'finished') {
    return (
      <p className="next-step" data-next-step="finished">
        You have completed every lesson.{' '}
        <a className="next-step-link" href={CHECK_HREF}>
          Take the knowledge check
        </a>
      </p>
    );
  }
  const { lesson } = step;
  return (
    <p className="next-step" data-next-step={step.kind}>
      <a className="next-step-link" href={lessonHref(lesson.slug)}>
        {step.kind === 'start' ? 'Start' : 'Continue'} lesson {lesson.order}: {lesson.title}{' '}
        <span aria-hidden="true">→</span>
      </a>
    </p>
  );
}
