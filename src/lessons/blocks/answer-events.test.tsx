// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { learningEvents, type LearningEvent } from '../../embed/learning-events';
import { progressStore } from '../../store/progress';
import { BugCheck } from './BugCheck';
import { NumericCheck } from './NumericCheck';
import { OrderCheck } from './OrderCheck';
import { PredictCheck } from './PredictCheck';
import { QuickCheck } from './QuickCheck';
import { answerQuestion } from './question-state';
import { choicesOf, solvedNumeric, stepsOf } from './testing/question-fixtures';
import { QUESTION_KIND_BY_TAG, type QuestionTag } from '../questions/kinds';

let events: LearningEvent[] = [];
let stop: () => void = () => undefined;

beforeEach(() => {
  act(() => progressStore.getState().reset());
  events = [];
  stop = learningEvents.subscribe((e) => events.push(e));
});

afterEach(() => {
  stop();
  cleanup();
});

const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check' }));

describe('answerQuestion', () => {
  it('saves the answer and publishes one answered event with the same response', () => {
    answerQuestion({ id: 'q1', question: 'Why?', kind: 'single', response: 'c2', correct: false });
    expect(progressStore.getState().answers.q1).toMatchObject({ choice: 'c2', correct: false });
    expect(events).toEqual([
      {
        kind: 'answered',
        questionId: 'q1',
        question: 'Why?',
        questionKind: 'single',
        interactionType: 'choice',
        response: 'c2',
        correct: false,
        attempt: 1,
        firstCorrect: false,
        bestCorrect: false,
        revealed: false,
      },
    ]);
    answerQuestion({ id: 'q1', question: 'Why?', kind: 'single', response: 'c1', correct: true });
    expect(events[1]).toMatchObject({
      correct: true,
      attempt: 2,
      firstCorrect: false,
      bestCorrect: true,
      revealed: false,
    });
  });
});

describe('every question kind publishes what the learner answered', () => {
  it('single choice: the chosen key and its grade', () => {
    render(
      <QuickCheck id="s" question="Which?">
        {choicesOf('Right one', 'Wrong one')}
      </QuickCheck>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Wrong one' }));
    check();
    const saved = progressStore.getState().answers.s;
    expect(events).toEqual([
      expect.objectContaining({
        questionId: 's',
        question: 'Which?',
        questionKind: 'single',
        response: saved?.choice,
        correct: false,
        choices: [
          { id: expect.any(String), text: 'Right one' },
          { id: saved?.choice, text: 'Wrong one' },
        ],
      }),
    ]);
  });

  it('multiple choice: the selection key', () => {
    render(
      <QuickCheck id="m" multiple question="Which are matmuls?">
        {choicesOf('Linear', 'ReLU')}
      </QuickCheck>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Linear' }));
    check();
    expect(events).toEqual([
      expect.objectContaining({ questionKind: 'multiple', correct: true, questionId: 'm' }),
    ]);
    expect(events[0]?.kind === 'answered' && events[0].response).toBe(
      progressStore.getState().answers.m?.choice,
    );
  });

  it('numeric: the typed text, trimmed; nothing for unreadable input', () => {
    render(
      <NumericCheck
        id="n"
        question="How long?"
        unit="ms"
        tolerance={0.1}
        explanation="{answer}"
        resolvedAnswer="42.6"
        resolvedAnswerText="42.6 ms"
      />,
    );
    const box = screen.getByRole('textbox', { name: /Your answer/ });
    fireEvent.change(box, { target: { value: '43 GB' } });
    check();
    expect(events).toEqual([]);
    fireEvent.change(box, { target: { value: ' 43 ms ' } });
    check();
    expect(events).toEqual([
      expect.objectContaining({ questionKind: 'numeric', response: '43 ms', correct: true }),
    ]);
  });

  it('order: the order of step indices', () => {
    render(
      <OrderCheck id="o" question="Order?" explanation="x">
        {stepsOf('a', 'b', 'c')}
      </OrderCheck>,
    );
    check();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      questionKind: 'order',
      response: progressStore.getState().answers.o?.choice,
    });
  });

  it('bug: the line number', () => {
    render(
      <BugCheck
        id="b"
        question="Where?"
        code={'\nx = 1\ny = 2\n'}
        line={1}
        explanation="Line one."
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: /line 1$/ }));
    check();
    expect(events).toEqual([
      expect.objectContaining({ questionKind: 'bug', response: '1', correct: true }),
    ]);
  });

  it('predict: the locked-in prediction', () => {
    render(
      <PredictCheck id="p" question="Pinned?" experiment="pinned-vs-pageable" explanation="x">
        {choicesOf('Pinned', 'Pageable')}
      </PredictCheck>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Pageable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Lock in prediction' }));
    expect(events).toEqual([
      expect.objectContaining({ questionKind: 'predict', questionId: 'p', correct: false }),
    ]);
  });
});

describe('the kind a question writes and publishes', () => {
  it('is the same in data-kind and in the event, with the interaction type its record declares', () => {
    render(
      <>
        <QuickCheck id="QuickCheck" question="Which?">
          {choicesOf('One', 'Two')}
        </QuickCheck>
        <QuickCheck id="QuickCheck-multiple" multiple question="Which?">
          {choicesOf('Three', 'Four')}
        </QuickCheck>
        <NumericCheck id="NumericCheck" {...solvedNumeric(1)} />
        <OrderCheck id="OrderCheck" question="Order?" explanation="x">
          {stepsOf('a', 'b', 'c')}
        </OrderCheck>
        <BugCheck id="BugCheck" question="Where?" code={'x\ny'} line={1} explanation="x" />
        <PredictCheck
          id="PredictCheck"
          question="?"
          experiment="pinned-vs-pageable"
          explanation="x"
        >
          {choicesOf('Pinned', 'Pageable')}
        </PredictCheck>
      </>,
    );
    for (const name of ['One', 'Three', 'Pinned', /line 1$/]) {
      fireEvent.click(screen.getAllByRole(name === 'Three' ? 'checkbox' : 'radio', { name })[0]!);
    }
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '1 ms' } });
    for (const button of screen.getAllByRole('button', { name: /^(Check|Lock in prediction)$/ })) {
      fireEvent.click(button);
    }
    const frames = [...document.querySelectorAll<HTMLElement>('[data-quick-check]')];
    expect(frames).toHaveLength(6);
    for (const frame of frames) {
      const id = frame.dataset.quickCheck!;
      const event = events.find((e) => e.kind === 'answered' && e.questionId === id);
      expect(event && event.kind === 'answered' && event.questionKind, id).toBe(frame.dataset.kind);
      const tag = id.split('-')[0] as QuestionTag;
      const kinds: Readonly<Record<string, string>> = QUESTION_KIND_BY_TAG[tag].kinds;
      expect(Object.keys(kinds), id).toContain(frame.dataset.kind);
      // The event carries the interaction type the record declares, for xAPI.
      expect(event && event.kind === 'answered' && event.interactionType, id).toBe(
        kinds[frame.dataset.kind!],
      );
    }
  });
});
