import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { learningEvents } from '../embed/learning-events';
import { QuestionPageContent } from '../lessons/QuestionPageContent';
import type { QuestionPage } from '../lessons/blocks/question-frame';
import type { LessonModule } from '../lessons/registry';
import { useProgress } from '../store/progress';
import type { ScorePolicy } from '../embed/xapi';
import {
  policyCorrect,
  POLICY_NOTES,
  scoreCheck,
  scoreText,
  shouldReportCompletion,
} from './check-score';
import { loadQuestions } from './question-modules';
import type { QuestionSource } from './resolve-target';
import { LoadFailed } from '../ui/LoadFailed';

type LoadState =
  | { state: 'loading' }
  | { state: 'ready'; module: LessonModule }
  | { state: 'failed'; message: string };

/** Props of the questions of an embed. */
export interface QuestionsEmbedProps {
  /** One question, or a lesson's check (with a score and a completion event). */
  mode: 'quiz' | 'check';
  source: QuestionSource;
  questionIds: readonly string[];
  /** The lesson of a check, for its completion event. */
  lessonSlug: string | null;
  lessonTitle: string;
  /** Which answer to each question the shown score counts (the embed's `attempts` option). */
  scoring?: ScorePolicy;
  /** Loads the questions module (injectable for tests). */
  load?: (source: QuestionSource) => Promise<LessonModule>;
}

/**
 * The wanted questions of a lesson (or of the knowledge check), from its questions-only module,
 * the others hidden through the question page context. A check also shows a live score (as the
 * `scoring` policy counts it, with a line saying which answer counts) and publishes
 * `check-completed`, with the first, latest and best scores, each time a new set of answers
 * covers every question.
 */
export function QuestionsEmbed({
  mode,
  source,
  questionIds,
  lessonSlug,
  lessonTitle,
  scoring = 'first',
  load = loadQuestions,
}: QuestionsEmbedProps) {
  const [loadState, setLoadState] = useState<LoadState>({ state: 'loading' });
  const [registered, setRegistered] = useState<ReadonlySet<string>>(new Set());
  const [settled, setSettled] = useState(false);
  const answers = useProgress((s) => s.answers);
  const sourceKey = source.kind === 'lesson' ? source.slug : source.kind;

  useEffect(() => {
    let live = true;
    load(source).then(
      (module) => live && setLoadState({ state: 'ready', module }),
      (err: unknown) =>
        live &&
        setLoadState({
          state: 'failed',
          message: err instanceof Error ? err.message : String(err),
        }),
    );
    return () => {
      live = false;
    };
    // The source is an object rebuilt by the parent; its key says whether it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sourceKey, load]);

  // The questions register in their effects, which run before this one in the same commit.
  useEffect(() => {
    if (loadState.state === 'ready') setSettled(true);
  }, [loadState]);

  const register = useCallback((item: { id: string }) => {
    setRegistered((prev) => (prev.has(item.id) ? prev : new Set([...prev, item.id])));
  }, []);
  const showOnly = useMemo(() => new Set(questionIds), [questionIds]);
  const page = useMemo<QuestionPage>(() => ({ register, showOnly }), [register, showOnly]);

  const score = scoreCheck(questionIds, answers);
  const reported = useRef<string | null>(score.complete ? score.signature : null);
  useEffect(() => {
    if (mode !== 'check' || lessonSlug === null) return;
    if (!shouldReportCompletion(score, reported.current)) return;
    reported.current = score.signature;
    learningEvents.publish({
      kind: 'check-completed',
      lessonSlug,
      lessonTitle,
      correct: score.correct,
      firstCorrect: score.firstCorrect,
      bestCorrect: score.bestCorrect,
      total: score.total,
      attempts: score.attempts,
    });
  }, [mode, lessonSlug, lessonTitle, score]);

  const missing = settled ? questionIds.filter((id) => !registered.has(id)) : [];
  const Content = loadState.state === 'ready' ? loadState.module.default : null;

  return (
    <div className="embed-questions">
      {mode === 'check' ? (
        <div className="embed-score">
          <p
            aria-live="polite"
            data-check-score={`${policyCorrect(score, scoring)}/${score.total}`}
            data-check-score-now={`${score.correct}/${score.total}`}
          >
            <strong>Your score:</strong> {scoreText(score, scoring)}
          </p>
          <p className="embed-score-note">{POLICY_NOTES[scoring]}</p>
        </div>
      ) : null}
      {loadState.state === 'loading' && <p className="loading">Loading the questions…</p>}
      {loadState.state === 'failed' && (
        <LoadFailed what="The questions" message={loadState.message} />
      )}
      {missing.length > 0 && (
        <div role="alert" className="notice">
          <p>
            {missing.length === 1 ? 'This question' : 'These questions'} could not be shown:{' '}
            {missing.join(', ')}.
          </p>
        </div>
      )}
      {Content && <QuestionPageContent Content={Content} page={page} />}
    </div>
  );
}
