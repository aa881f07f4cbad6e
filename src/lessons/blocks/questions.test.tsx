// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { progressStore } from '../../store/progress';
import { BugCheck } from './BugCheck';
import { NumericCheck } from './NumericCheck';
import { OrderCheck, Step } from './OrderCheck';
import { PredictCheck } from './PredictCheck';
import { Choice, QuickCheck } from './QuickCheck';
import { solvedNumeric } from './testing/question-fixtures';

beforeEach(() => {
  act(() => progressStore.getState().reset());
});

const root = (id: string) => document.querySelector<HTMLElement>(`[data-quick-check="${id}"]`)!;
const status = (id: string) => within(root(id)).getByRole('status').textContent ?? '';

describe('select all that apply', () => {
  function Multi() {
    return (
      <QuickCheck id="m" multiple question="Which are matrix multiplies?">
        <Choice correct explanation="A linear layer multiplies by its weight.">
          Linear
        </Choice>
        <Choice correct explanation="Attention scores are Q times K transposed.">
          QKᵀ
        </Choice>
        <Choice explanation="ReLU is elementwise.">ReLU</Choice>
      </QuickCheck>
    );
  }

  it('is wrong with one right box missing, right with exactly the right boxes, and saves both', () => {
    render(<Multi />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Linear' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(root('m').dataset.correct).toBe('false');
    expect(status('m')).toMatch(/1 right answer\(s\) left empty, 0 wrong/);
    // A miss does not mark which boxes should be ticked: that would be the answer.
    expect(root('m').textContent).not.toMatch(/ReLU is elementwise|should be ticked/);
    fireEvent.click(screen.getByRole('checkbox', { name: /^QKᵀ/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(root('m').dataset.correct).toBe('true');
    expect(root('m').textContent).toMatch(/ReLU is elementwise/);
    expect(progressStore.getState().answers.m).toMatchObject({ correct: true, attempts: 2 });
  });

  it('marks every box once the learner asks after two misses', () => {
    render(<Multi />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'ReLU' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Linear' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(root('m').textContent).not.toMatch(/should be ticked/);
    fireEvent.click(screen.getByRole('button', { name: 'Show the answer' }));
    expect(root('m').textContent).toMatch(/Linear\(should be ticked\)/);
    expect(root('m').textContent).toMatch(/ReLU\(should be left empty\)/);
  });

  it('asks for a tick before checking', () => {
    render(<Multi />);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(status('m')).toBe('Tick at least one answer first.');
    expect(progressStore.getState().answers.m).toBeUndefined();
  });
});

describe('numeric questions', () => {
  const props = {
    id: 'n',
    question: 'How long?',
    unit: 'ms',
    tolerance: 0.1,
    explanation: 'The engine says {answer}.',
    resolvedAnswer: '42.6',
    resolvedAnswerText: '42.6 ms',
  };

  it('explains unreadable input without saving, then grades a typed unit', () => {
    render(<NumericCheck {...props} />);
    const box = screen.getByRole('textbox', { name: /Your answer/ });
    fireEvent.change(box, { target: { value: '43 GB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(status('n')).toMatch(/"GB" measures a size/);
    expect(progressStore.getState().answers.n).toBeUndefined();
    fireEvent.change(box, { target: { value: '0.045 s' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(root('n').dataset.correct).toBe('true');
    expect(status('n')).toMatch(/The engine says 42\.6 ms\./);
  });

  it('shows an alert, not a blank, when the build did not compute the answer', () => {
    render(<NumericCheck {...props} resolvedAnswer={undefined} />);
    expect(screen.getByRole('alert').textContent).toMatch(/not computed at build time/);
  });
});

describe('order questions', () => {
  function Order() {
    return (
      <OrderCheck id="o" question="Order?" explanation="Clear, compute, then step.">
        <Step>zero_grad</Step>
        <Step>forward</Step>
        <Step>backward</Step>
        <Step>step</Step>
      </OrderCheck>
    );
  }
  const shown = () =>
    Array.from(root('o').querySelectorAll('.qc-order-step .qc-choice-text'), (e) => e.textContent);

  it('starts shuffled, moves with the buttons, and is right once sorted', () => {
    render(<Order />);
    expect(shown()).not.toEqual(['zero_grad', 'forward', 'backward', 'step']);
    // Sort by moving each step up to its place.
    for (const [place, name] of ['zero_grad', 'forward', 'backward', 'step'].entries()) {
      while (shown().indexOf(name) > place) {
        fireEvent.click(screen.getByRole('button', { name: `Move up: ${name}` }));
      }
    }
    expect(status('o')).toMatch(/is now step/);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(root('o').dataset.correct).toBe('true');
    expect(progressStore.getState().answers.o?.choice).toBe('0 1 2 3');
  });

  it('grades a wrong order by the steps in place, and spells the right one out only when asked', () => {
    render(<Order />);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(root('o').dataset.correct).toBe('false');
    expect(status('o')).toMatch(/of 4 steps are in the right place\./);
    expect(status('o')).not.toMatch(/zero_grad → forward|Clear, compute, then step/);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show the answer' }));
    expect(status('o')).toMatch(/zero_grad → forward → backward → step/);
    expect(status('o')).toMatch(/Clear, compute, then step\./);
  });

  it('refuses fewer than three steps with an alert', () => {
    render(
      <OrderCheck id="o2" question="?" explanation="x">
        <Step>a</Step>
        <Step>b</Step>
      </OrderCheck>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/at least three <Step>s/);
  });
});

describe('find the bug', () => {
  it('picks a line, shows the note on a wrong line, and keeps the answer after a remount', () => {
    const bug = (
      <BugCheck
        id="b"
        question="Where?"
        code={'\nx = torch.randn(3)\ny = model(x)\n'}
        line={1}
        lineNotes={{ 2: 'The error shows here, but its cause is above.' }}
        explanation="Create x on the device."
      />
    );
    const { unmount } = render(bug);
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(screen.getByRole('radio', { name: /line 2$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(status('b')).toMatch(/You picked line 2\. The error shows here/);
    // Neither the bug's line nor the explanation, which names it, before it is earned.
    expect(status('b')).not.toMatch(/the bug is on line 1|Create x on the device/);
    unmount();
    render(bug);
    expect(root('b').dataset.answered).toBe('true');
    expect((screen.getByRole('radio', { name: /line 2$/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show the answer' }));
    expect(status('b')).toMatch(/the bug is on line 1\. The error shows here/);
    expect(status('b')).toMatch(/Create x on the device\./);
  });
});

describe('predict, run, explain', () => {
  it('locks in a prediction, then runs the experiment and shows guess and result', () => {
    render(
      <PredictCheck
        id="p"
        question="Pinned or pageable?"
        experiment="pinned-vs-pageable"
        explanation="Staging costs bandwidth."
      >
        <Choice correct explanation="Pinned skips the staging copy.">
          Pinned
        </Choice>
        <Choice explanation="Pageable needs staging.">Pageable</Choice>
      </PredictCheck>,
    );
    expect(screen.queryByRole('button', { name: 'Run' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Pinned' }));
    fireEvent.click(screen.getByRole('button', { name: 'Lock in prediction' }));
    expect(progressStore.getState().answers.p?.correct).toBe(true);
    expect(status('p')).toMatch(/Prediction locked in: Pinned\. Now press Run\./);
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(status('p')).toMatch(/Correct\./);
    expect(status('p')).toMatch(
      /Your prediction: Pinned\. The result \(modeled by the cost engine[^)]*\): pinned [\d.]+ ms, pageable [\d.]+ ms/,
    );
    expect(status('p')).toMatch(/Staging costs bandwidth\./);
    // The run showed the answer: a prediction made again today is recorded as revealed.
    fireEvent.click(screen.getByRole('button', { name: 'Predict again' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pinned' }));
    fireEvent.click(screen.getByRole('button', { name: 'Lock in prediction' }));
    expect(progressStore.getState().answers.p).toMatchObject({ correct: false, revealed: true });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(status('p')).toMatch(/That is the answer you were shown\./);
    expect(screen.queryByRole('button', { name: 'Show the answer' })).toBeNull();
  });

  it('shows an alert for an experiment that is not declared', () => {
    render(
      <PredictCheck id="p2" question="?" experiment="warp-drive" explanation="x">
        <Choice correct explanation="a">
          A
        </Choice>
        <Choice explanation="b">B</Choice>
      </PredictCheck>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/"warp-drive" is not a declared/);
  });
});

describe('accessibility of the question kinds (axe)', () => {
  it('finds no violations before and after answering each kind', async () => {
    const axe = (await import('axe-core')).default;
    const violations = async (root: HTMLElement) =>
      (await axe.run(root, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`,
      );
    const { container } = render(
      <main>
        <QuickCheck id="am" multiple question="Which?">
          <Choice correct explanation="Yes.">
            One
          </Choice>
          <Choice explanation="No.">Two</Choice>
        </QuickCheck>
        <NumericCheck id="an" {...solvedNumeric(10)} />
        <OrderCheck id="ao" question="Order?" explanation="Because.">
          <Step>a</Step>
          <Step>b</Step>
          <Step>c</Step>
        </OrderCheck>
        <BugCheck id="ab" question="Where?" code={'a\nb'} line={2} explanation="Here." />
        <PredictCheck id="ap" question="Guess?" experiment="pinned-vs-pageable" explanation="x">
          <Choice correct explanation="a">
            Pinned
          </Choice>
          <Choice explanation="b">Pageable</Choice>
        </PredictCheck>
      </main>,
    );
    expect(await violations(container)).toEqual([]);
    for (const button of screen.getAllByRole('button', { name: /^(Check|Lock in prediction)$/ })) {
      fireEvent.click(button);
    }
    fireEvent.click(screen.getByRole('checkbox', { name: 'One' }));
    fireEvent.click(screen.getByRole('radio', { name: /line 1$/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pageable' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '11 ms' } });
    for (const button of screen.getAllByRole('button', { name: /^(Check|Lock in prediction)$/ })) {
      fireEvent.click(button);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(container.querySelectorAll('[data-answered="true"]')).toHaveLength(5);
    expect(await violations(container)).toEqual([]);
  });
});
