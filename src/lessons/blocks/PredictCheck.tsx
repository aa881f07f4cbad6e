import { useMemo, useState, type ReactNode } from 'react';
import { progressStore } from '../../store/progress';
import { formatSeconds } from '../../format/units';
import {
  experimentTitle,
  isExperimentId,
  isMeasuredExperiment,
  runMeasuredExperiment,
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
import { ChoiceList } from './ChoiceList';
import { InlineText } from './InlineText';
import { explanationProblems, MalformedQuestion } from './malformed-question';
import { QuestionActions } from './question-feedback';
import { QuestionFrame } from './question-frame';
import { answerChoices, useQuestion, type QuestionBaseProps } from './question-state';
import { learnerOrder } from './shuffle';

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
  problems.push(...explanationProblems(explanation));
  if (problems.length > 0 || !isExperimentId(experiment)) {
    return <MalformedQuestion tag="PredictCheck" id={id} problems={problems} />;
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
  const q = useQuestion({ id, question, kind: 'predict', explanation, teaches });
  const order = useMemo(() => learnerOrder(choices, q.seed, id), [choices, q.seed, id]);
  const [picked, setPicked] = useState<string | null>(null);
  const [result, setResult] = useState<ExperimentResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nudge, setNudge] = useState(false);
  const [running, setRunning] = useState(false);
  const committed = q.saved ? choices.find((c) => c.key === q.saved?.choice) : undefined;

  function commit() {
    const chosen = choices.find((c) => c.key === picked);
    if (!chosen) {
      setNudge(true);
      return;
    }
    setResult(null);
    q.answer(chosen.key, chosen.correct, answerChoices(choices));
  }

  async function run() {
    setRunning(true);
    setError(null);
    try {
      const outcome = isMeasuredExperiment(experiment)
        ? await runMeasuredExperiment(experiment)
        : runModeledExperiment(experiment);
      setResult(outcome);
      // The result is the answer: a prediction made again today is recorded as revealed.
      progressStore.getState().showAnswer(id);
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

  const guess = committed ? nodeText(committed.content).trim() : '';
  const revealed = q.revealed && committed?.correct === true;
  return (
    <QuestionFrame
      // Its answer is the experiment's result, which Run shows: no "Show the answer" here.
      of={{ ...q, canShowAnswer: false }}
      kicker="Predict, run, explain"
      result={committed ? q.saved : undefined}
      feedback={{
        note: !committed
          ? nudge && 'Choose a prediction first.'
          : !result && <>Prediction locked in: {guess}. Now press Run.</>,
        warning: error,
        verdict:
          committed && result
            ? {
                correct: committed.correct && !revealed,
                revealed,
                extra: (
                  <>
                    <p>
                      Your prediction: {guess}. The result ({result.source}): {result.a.label}{' '}
                      {formatSeconds(result.a.seconds)}, {result.b.label}{' '}
                      {formatSeconds(result.b.seconds)}, so {result.b.label} takes{' '}
                      {result.ratioBOverA.toFixed(1)}× as long.
                    </p>
                    {result.realGpuNote ? <p>{result.realGpuNote}</p> : null}
                    <p>
                      <InlineText text={committed.explanation} />
                    </p>
                  </>
                ),
                text: explanation,
              }
            : null,
      }}
    >
      <p className="qc-extra">Experiment: {experimentTitle(experiment)}.</p>
      <ChoiceList
        choices={order}
        type="radio"
        disabled={committed !== undefined}
        checked={(c) => (committed?.key ?? picked) === c.key}
        onChange={(c) => {
          setPicked(c.key);
          setNudge(false);
        }}
      />
      {committed ? (
        <QuestionActions label="Run" onClick={() => void run()} disabled={running}>
          <button type="button" onClick={predictAgain}>
            Predict again
          </button>
        </QuestionActions>
      ) : (
        <QuestionActions label="Lock in prediction" onClick={commit} />
      )}
    </QuestionFrame>
  );
}
