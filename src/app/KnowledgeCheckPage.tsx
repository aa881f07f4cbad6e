import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { lessons, type LessonModule } from '../lessons/registry';
import { findQuestion } from '../lessons/question-index';
import type { QuestionPage } from '../lessons/blocks/question-frame';
import { InlineText } from '../lessons/blocks/InlineText';
import { summarizeCheck, type CheckItem } from '../lessons/questions/check-page';
import { progressStore, useProgress } from '../store/progress';
import { QuestionPageContent } from '../lessons/QuestionPageContent';
import { ShareToolsContext } from '../ui/share/share-tools';
import { teachesLink } from './review-summary';

type LoadState =
  | { state: 'loading' }
  | { state: 'ready'; module: LessonModule }
  | { state: 'failed'; message: string };

/**
 * The knowledge check: questions from every lesson (content/checks/knowledge-check.mdx), a
 * score, a retry of the missed questions only, and a review of each missed one with its
 * explanation and a link to the section that teaches it.
 */
export function KnowledgeCheckPage() {
  const [load, setLoad] = useState<LoadState>({ state: 'loading' });
  const [items, setItems] = useState<CheckItem[]>([]);
  const [showOnly, setShowOnly] = useState<ReadonlySet<string> | null>(null);
  const answers = useProgress((s) => s.answers);
  const top = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    import('../../content/checks/knowledge-check.mdx').then(
      (module: LessonModule) => live && setLoad({ state: 'ready', module }),
      (err: unknown) =>
        live &&
        setLoad({ state: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, []);

  const register = useCallback((item: CheckItem) => {
    setItems((prev) => {
      const at = prev.findIndex((p) => p.id === item.id);
      if (at < 0) return [...prev, item];
      const old = prev[at]!;
      if (
        old.question === item.question &&
        old.explanation === item.explanation &&
        old.teaches === item.teaches
      ) {
        return prev;
      }
      return prev.map((p, i) => (i === at ? item : p));
    });
  }, []);
  const page = useMemo<QuestionPage>(() => ({ register, showOnly }), [register, showOnly]);
  const summary = summarizeCheck(items, answers);

  function retryMissed() {
    const ids = summary.missed.map((m) => m.id);
    progressStore.getState().reopenAnswers(ids);
    setShowOnly(new Set(ids));
    top.current?.focus();
  }

  const Content = load.state === 'ready' ? load.module.default : null;
  return (
    <div className="page knowledge-check">
      <h1 ref={top} tabIndex={-1}>
        Knowledge check
      </h1>
      <p className="lede">
        Questions from all ten lessons, several kinds mixed. Your answers are kept in this browser;
        a missed question links to the section that teaches it.
      </p>
      <section className="check-score" aria-labelledby="check-score-title">
        <h2 id="check-score-title">Your score</h2>
        <p
          aria-live="polite"
          data-check-score={`${summary.correct}/${summary.total}`}
          data-first-try={summary.firstTry}
        >
          {summary.correct} of {summary.total} right
          {summary.answered < summary.total
            ? ` (${summary.total - summary.answered} not answered yet)`
            : ''}
          . On the first try: {summary.firstTry} right.
        </p>
        {summary.correct !== summary.firstTry ? (
          <p className="check-score-note">
            The first-try figure is the one to trust: a retry comes after the review below has shown
            why, so a retried question counts as right now but not on the first try.
          </p>
        ) : null}
        <div className="qc-actions">
          <button type="button" onClick={retryMissed} disabled={summary.missed.length === 0}>
            Retry missed questions only ({summary.missed.length})
          </button>
          {showOnly ? (
            <button type="button" onClick={() => setShowOnly(null)}>
              Show all questions
            </button>
          ) : null}
        </div>
      </section>
      {load.state === 'loading' && <p>Loading the questions…</p>}
      {load.state === 'failed' && (
        <div role="alert" className="notice">
          <p>The knowledge check could not be loaded: {load.message}</p>
        </div>
      )}
      {/* Instructors' Share menus stay off the learner's check. */}
      <ShareToolsContext.Provider value={false}>
        {Content && <QuestionPageContent Content={Content} page={page} />}
      </ShareToolsContext.Provider>
      <section className="check-review" aria-labelledby="check-review-title">
        <h2 id="check-review-title">Review of missed questions</h2>
        {summary.missed.length === 0 ? (
          <p>Nothing missed so far.</p>
        ) : (
          <ul>
            {summary.missed.map((m) => (
              <li key={m.id} data-missed={m.id}>
                <p>
                  <strong>{m.question}</strong>
                </p>
                <p>
                  <InlineText text={m.explanation} />
                </p>
                {m.teaches ? <TeachesLinkLine id={m.id} teaches={m.teaches} /> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The link to the section that teaches a missed question, under its heading as written. */
function TeachesLinkLine({ id, teaches }: { id: string; teaches: string }) {
  const link = teachesLink(teaches, findQuestion(id)?.heading ?? null, lessons);
  return (
    <p>
      <a href={link.href}>{link.text}</a>
    </p>
  );
}
