// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { learningEvents, type LearningEvent } from '../../embed/learning-events';
import type { CheckItem } from '../questions/check-page';
import { progressStore } from '../../store/progress';
import { HIDDEN_ANSWER, NumericCheck } from './NumericCheck';
import { QuestionPageContext, type QuestionPage } from './question-frame';

const props = {
  id: 'n',
  question: 'How long does the copy take?',
  unit: 'ms',
  tolerance: 0.1,
  explanation: 'Bytes over bandwidth: the engine says {answer}.',
  resolvedAnswer: '1.44',
  resolvedAnswerText: '1.44 ms',
};

let events: LearningEvent[] = [];
let stop = () => undefined as void;
let registered: CheckItem[] = [];
const page: QuestionPage = { register: (item) => registered.push(item), showOnly: null };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'));
  act(() => progressStore.getState().reset());
  events = [];
  registered = [];
  stop = learningEvents.subscribe((e) => events.push(e));
});

afterEach(() => {
  stop();
  cleanup();
  vi.useRealTimers();
});

const root = () => document.querySelector<HTMLElement>('[data-quick-check="n"]')!;
const status = () => within(root()).getByRole('status').textContent ?? '';
const showButton = () => screen.queryByRole('button', { name: 'Show the answer' });
const lastExplanation = () => registered.at(-1)?.explanation ?? '';

function show() {
  return render(
    <QuestionPageContext.Provider value={page}>
      <NumericCheck {...props} />
    </QuestionPageContext.Provider>,
  );
}

function type(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /Your answer/ }), {
    target: { value: text },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
}

describe('a numeric question keeps its answer until it is earned or asked for', () => {
  it('says wrong without the number, offers the answer after two misses, and records a typed-in reveal as revealed', () => {
    show();
    // Nothing on the page, nor in what the knowledge check's review would print, gives it away.
    expect(root().textContent).not.toContain('1.44');
    expect(lastExplanation()).toBe(`Bytes over bandwidth: the engine says ${HIDDEN_ANSWER}.`);

    type('3 ms');
    expect(status()).toMatch(/Not quite\./);
    expect(status()).toMatch(/which is not within 10 % of the engine's answer/);
    expect(status()).toMatch(/after two tries you can ask for the answer/);
    expect(status()).toContain(`the engine says ${HIDDEN_ANSWER}.`);
    expect(root().textContent).not.toContain('1.44');
    expect(showButton()).toBeNull();

    type('2');
    expect(root().textContent).not.toContain('1.44');
    expect(showButton()).not.toBeNull();
    expect(lastExplanation()).toContain(HIDDEN_ANSWER);

    fireEvent.click(showButton()!);
    expect(showButton()).toBeNull();
    expect(status()).toMatch(/the engine's answer is 1\.44 ms/);
    expect(status()).toContain('the engine says 1.44 ms.');
    expect(lastExplanation()).toBe('Bytes over bandwidth: the engine says 1.44 ms.');
    expect(progressStore.getState().answers.n?.answerShownAt).toBe('2026-03-01T10:00:00.000Z');

    type('1.44');
    expect(progressStore.getState().answers.n).toMatchObject({
      choice: '1.44',
      correct: false,
      revealed: true,
      attempts: 3,
    });
    expect(root().dataset.correct).toBe('false');
    expect(root().dataset.revealed).toBe('true');
    expect(status()).toMatch(/That is the answer you were shown\./);
    expect(status()).not.toMatch(/Correct\./);
    expect(events.at(-1)).toMatchObject({
      kind: 'answered',
      response: '1.44',
      correct: false,
      revealed: true,
      attempt: 3,
      firstCorrect: false,
      bestCorrect: false,
    });
  });

  it('shows the answer with the verdict once answered right, without asking', () => {
    show();
    type('1.5 ms');
    expect(root().dataset.correct).toBe('true');
    expect(status()).toMatch(/Correct\./);
    expect(status()).toMatch(/the engine's answer is 1\.44 ms/);
    expect(lastExplanation()).toContain('1.44 ms');
    expect(showButton()).toBeNull();
  });

  it('hides the answer again on a later day, when a right answer counts on its own', () => {
    const first = show();
    type('3');
    type('4');
    fireEvent.click(showButton()!);
    expect(root().textContent).toContain('1.44');
    first.unmount();

    vi.setSystemTime(new Date('2026-03-02T09:00:00.000Z'));
    show();
    expect(root().textContent).not.toContain('1.44');
    expect(showButton()).not.toBeNull();
    type('1.44 ms');
    expect(progressStore.getState().answers.n).toMatchObject({ correct: true });
    expect(progressStore.getState().answers.n?.revealed).toBeUndefined();
    expect(root().dataset.correct).toBe('true');
  });
});
