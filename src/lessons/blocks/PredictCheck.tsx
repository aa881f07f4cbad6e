import { useId, useMemo, useState, type ReactNode } from 'react';
import { progressStore } from '../../store/progress';
import { formatSeconds } from '../../format/units';
import {
  experimentTitle,
  isExperimentId,
  isMeasuredExperiment,
  runModeledExperiment,
  type ExperimentId,
  type ExperimentResult,
} from '../questions/experiments';
import {
  nodeText,
  quickCheckProblems,
  readQuickCheckChildren,
  type ChoiceDef,
} from './quick-check-model';
import {
  answerChoices,
  answerQuestion,
  MalformedQuestion,
  QuestionFrame,
  type QuestionBaseProps,
  useQuestionOnPage,
  useShownAnswer,
  Verdict,
} from './question-frame';
import { InlineText } from './InlineText';
import { seededOrder } from './shuffle';

/** Props of a predict-run-explain question: `<Choice>` predictions and a declared experiment. */
export interface PredictCheckProps extends QuestionBaseProps {
  /** The id of an experiment declared in src/lessons/questions/experiments.ts. */
  experiment: string;
  /** Shown with the result, after the run. */
  explanation: string;
  children?: ReactNode;
}

/**
 * Predict, run, explain: the learner commits to a prediction (saved at once), presses Run,
 * and sees the guess beside the result and the explanation.
 */
export function PredictCheck({
  id,
  question,
  experiment,
  explanation,
  teaches,
  children,
}: PredictCheckProps) {
  const parts = readQuickCheckChildren(children);
  const problems = quickCheckProblems(id, question, parts);
  if (!isExperimentId(experiment))
    problems.push(`experiment="${String(experiment)}" is not a declared experiment`);
  if (typeof explanation !== 'string' || explanation === '')
    problems.push('it needs an explanation="..."');
  if (problems.length > 0 || !isExperimentId(experiment)) {
    return <MalformedQuestion id={id} kind="predict-run-explain question" problems={problems} />;
  }
  return (
    <PredictForm
      id={id}
      question={question}
      experiment={experiment}
      explanation={explanation}
      teaches={teaches ?? ''}
      choices={parts.choices}
    />
  );
}

function PredictForm({
  id,
  question,
  experiment,
  explanation,
  teaches,
  choices,
}: {
  id: string;
  question: string;
  experiment: ExperimentId;
  explanation: string;
  teaches: string;
  choices: ChoiceDef[];
}) {
  const name = useId();
  const { saved, seed } = useShownAnswer(id);
  const hidden = useQuestionOnPage({ id, question, explanation, teaches });
  const order = useMemo(
    () =>
      seed === null
        ? choices
        : seededOrder(choices.length, seed, id).flatMap((i) => choices[i] ?? []),
    [choices, seed, id],
  );
  const [picked, setPicked] = useState<string | null>(null);
  const [result, setResult] = useState<ExperimentResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nudge, setNudge] = useState(false);
  const [running, setRunning] = useState(false);
  const committed = saved ? choices.find((c) => c.key === saved.choice) : undefined;

  function commit() {
    const chosen = choices.find((c) => c.key === picked);
    if (!chosen) {
      setNudge(true);
      return;
    }
    setResult(null);
    answerQuestion({
      id,
      question,
      kind: 'predict',
      response: chosen.key,
      correct: chosen.correct,
      choices: answerChoices(choices),
    });
  }

  async function run() {
    setRunning(true);
    setError(null);
    try {
      const outcome = isMeasuredExperiment(experiment)
        ? await import('../questions/measured-relu').then((m) => m.runMeasuredRelu())
        : runModeledExperiment(experiment);
      setResult(outcome);
    } catch (e) {
      setError(`The experiment could not run: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setRunning(false);
    }
  }

  function predictAgain() {
    setPicked(null);
    setResult(null);
    progressStore.getState().reopenAnswers([id]);
  }

  return (
    <QuestionFrame
      id={id}
      kind="predict"
      kicker="Predict, run, explain"
      question={question}
      answered={committed !== undefined}
      correct={committed?.correct === true}
      hidden={hidden}
      feedback={
        <>
          {nudge && !committed ? <p>Choose a prediction first.</p> : null}
          {committed && !result ? (
            <p>Prediction locked in: {nodeText(committed.content).trim()}. Now press Run.</p>
          ) : null}
          {error ? <p className="block-warning">{error}</p> : null}
          {committed && result ? (
            <Verdict
              correct={committed.correct}
              extra={
                <>
                  <p>
                    Your prediction: {nodeText(committed.content).trim()}. The result (
                    {result.source}): {result.a.label} {formatSeconds(result.a.seconds)},{' '}
                    {result.b.label} {formatSeconds(result.b.seconds)}, so {result.b.label} takes{' '}
                    {result.ratioBOverA.toFixed(1)}× as long.
                  </p>
                  {result.realGpuNote ? <p>{result.realGpuNote}</p> : null}
                  <p>
                    <InlineText text={committed.explanation} />
                  </p>
                </>
              }
              text={explanation}
            />
          ) : null}
        </>
      }
    >
      <p className="qc-extra">Experiment: {experimentTitle(experiment)}.</p>
      <div className="qc-choices">
        {order.map((c) => (
          <label key={c.key} className="qc-choice" data-choice={c.key}>
            <input
              type="radio"
              name={name}
              value={c.key}
              disabled={committed !== undefined}
              checked={(committed?.key ?? picked) === c.key}
              onChange={() => {
                setPicked(c.key);
                setNudge(false);
              }}
            />
            <span className="qc-choice-text">{c.content}</span>
          </label>
        ))}
      </div>
      <div className="qc-actions">
        {committed ? (
          <>
            <button type="button" className="primary" onClick={() => void run()} disabled={running}>
              Run
            </button>
            <button type="button" onClick={predictAgain}>
              Predict again
            </button>
          </>
        ) : (
          <button type="button" className="primary" onClick={commit}>
            Lock in prediction
          </button>
        )}
      </div>
    </QuestionFrame>
  );
}
