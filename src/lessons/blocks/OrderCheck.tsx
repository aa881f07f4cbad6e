import { Children, isValidElement, useMemo, useRef, useState, type ReactNode } from 'react';
import { gradeOrder, moveStep, readSavedOrder, scrambledOrder } from '../questions/order';
import { nodeText } from './quick-check-model';
import { baseProblems, explanationProblems, MalformedQuestion } from './malformed-question';
import { QuestionActions } from './question-feedback';
import { QuestionFrame } from './question-frame';
import { useQuestion, type QuestionBaseProps } from './question-state';
import { seededOrder } from './shuffle';
import { Step, type StepProps } from './Step';

// In its own module so a lesson can name <Step> without loading the question's code.
export { Step, type StepProps } from './Step';

/** Props of an order-the-steps question. */
export interface OrderCheckProps extends QuestionBaseProps {
  explanation: string;
  children?: ReactNode;
}

function readSteps(children: ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  const walk = (node: ReactNode) =>
    Children.forEach(node, (c) => {
      if (isValidElement(c) && c.type === Step) out.push((c.props as StepProps).children);
      else if (isValidElement(c)) walk((c.props as { children?: ReactNode }).children);
    });
  walk(children);
  return out;
}

/**
 * Put the steps in order: the `<Step>`s, shuffled per learner, moved with Move up / Move down
 * buttons (keyboard and mouse alike); the saved answer is the order as indices. A wrong order is
 * told how many steps are in place; the right order and the explanation show once earned or
 * asked for.
 */
export function OrderCheck({ id, question, explanation, teaches, children }: OrderCheckProps) {
  const steps = readSteps(children);
  const problems = baseProblems(id, question);
  if (steps.length < 3) problems.push(`it needs at least three <Step>s (found ${steps.length})`);
  problems.push(...explanationProblems(explanation));
  if (problems.length > 0)
    return <MalformedQuestion tag="OrderCheck" id={id} problems={problems} />;
  return (
    <OrderForm
      id={id}
      question={question}
      explanation={explanation}
      teaches={teaches}
      steps={steps}
    />
  );
}

function OrderForm({
  id,
  question,
  explanation,
  teaches,
  steps,
}: Omit<OrderCheckProps, 'children'> & { steps: ReactNode[] }) {
  const q = useQuestion({ id, question, kind: 'order', explanation, teaches });
  const { saved, seed } = q;
  const start = useMemo(
    () => scrambledOrder(steps.length, (n) => seededOrder(steps.length, seed ?? '0', `${id}#${n}`)),
    [steps.length, seed, id],
  );
  const [working, setWorking] = useState<number[] | null>(null);
  const savedOrder = saved ? readSavedOrder(saved.choice, steps.length) : undefined;
  const order = working ?? savedOrder ?? start;
  const shown = working === null ? saved : undefined;
  const [moved, setMoved] = useState('');
  const list = useRef<HTMLOListElement>(null);

  function move(at: number, delta: number) {
    const next = moveStep(order, at, delta);
    setWorking(next);
    const to = Math.min(order.length - 1, Math.max(0, at + delta));
    setMoved(`${nodeText(steps[order[at]!])} is now step ${to + 1} of ${order.length}.`);
    // Keep focus on the same button of the moved step, or its other button at an end.
    requestAnimationFrame(() => {
      const row = list.current?.children[to];
      const want = row?.querySelector<HTMLButtonElement>(
        `button[data-move="${delta < 0 ? 'up' : 'down'}"]:not(:disabled)`,
      );
      (want ?? row?.querySelector<HTMLButtonElement>('button:not(:disabled)'))?.focus();
    });
  }

  function check() {
    q.answer(order.join(' '), gradeOrder(order).correct);
    setWorking(null);
    setMoved('');
  }

  const graded = shown ? gradeOrder(savedOrder ?? order) : null;
  const revealed = q.revealed && graded?.correct === true;
  return (
    <QuestionFrame
      of={q}
      kicker="Put in order"
      result={shown}
      feedback={{
        announce: moved,
        verdict:
          shown && graded
            ? {
                correct: shown.correct,
                revealed,
                extra:
                  shown.correct || revealed ? null : (
                    <p>
                      {graded.inPlace} of {steps.length} steps are in the right place.
                      {q.answerShown
                        ? ` The right order: ${steps.map((s) => nodeText(s)).join(' → ')}.`
                        : null}
                    </p>
                  ),
                // The explanation tells the order, so it waits until the order is earned or asked for.
                text: q.answerShown
                  ? explanation
                  : `Move the steps and check again${q.canShowAnswer ? ', or ask for the answer below' : '; after two tries you can ask for the answer'}.`,
              }
            : null,
      }}
    >
      <ol className="qc-order" ref={list}>
        {order.map((stepIndex, at) => (
          <li key={stepIndex} className="qc-order-step" data-step={stepIndex}>
            <span className="qc-choice-text">{steps[stepIndex]}</span>
            <span className="qc-order-buttons">
              <button
                type="button"
                data-move="up"
                disabled={at === 0}
                aria-label={`Move up: ${nodeText(steps[stepIndex])}`}
                onClick={() => move(at, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                data-move="down"
                disabled={at === order.length - 1}
                aria-label={`Move down: ${nodeText(steps[stepIndex])}`}
                onClick={() => move(at, 1)}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
      <QuestionActions onClick={check} />
    </QuestionFrame>
  );
}
