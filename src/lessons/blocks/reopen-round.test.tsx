// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { progressStore } from '../../store/progress';
import { preloadQuestionBlocks, questionTags } from './lazy-questions';
import { choicesOf, solvedNumeric } from './testing/question-fixtures';

const { BugCheck, NumericCheck, QuickCheck } = questionTags;

beforeAll(async () => {
  await preloadQuestionBlocks();
});

beforeEach(() => {
  act(() => progressStore.getState().reset());
});

/** Reopens answers as the knowledge check's "Retry missed questions only" does. */
function reopen(...ids: string[]) {
  act(() => progressStore.getState().reopenAnswers(ids));
}

const question = (id: string) => document.querySelector<HTMLElement>(`[data-quick-check="${id}"]`)!;

describe('a question reopened for another try', () => {
  it('starts clean: no choice selected, no old verdict, for a single and a select-all question', () => {
    render(
      <>
        <QuickCheck id="one" question="Which is faster?">
          {choicesOf('Pinned', 'Pageable', 'Neither')}
        </QuickCheck>
        <QuickCheck id="many" multiple question="Which apply?">
          {choicesOf('A', 'B', 'C')}
        </QuickCheck>
      </>,
    );
    let one = within(question('one'));
    fireEvent.click(one.getByRole('radio', { name: /Pageable/ }));
    fireEvent.click(one.getByRole('button', { name: 'Check' }));
    expect(question('one').getAttribute('data-correct')).toBe('false');
    const many = within(question('many'));
    fireEvent.click(many.getByRole('checkbox', { name: /B/ }));
    fireEvent.click(many.getByRole('button', { name: 'Check' }));
    expect(question('many').getAttribute('data-correct')).toBe('false');

    reopen('one', 'many');
    for (const id of ['one', 'many']) {
      expect(question(id).getAttribute('data-answered')).toBe('false');
      const inputs = question(id).querySelectorAll<HTMLInputElement>('input');
      expect([...inputs].filter((i) => i.checked).map((i) => i.value)).toEqual([]);
      expect(question(id).textContent).not.toMatch(/your answer|Not quite/);
    }
    // Answered again, it is graded afresh and stays shown.
    one = within(question('one'));
    fireEvent.click(one.getByRole('radio', { name: /Pinned/ }));
    fireEvent.click(one.getByRole('button', { name: 'Check' }));
    expect(question('one').getAttribute('data-correct')).toBe('true');
    expect(one.getByRole('radio', { name: /Pinned/ })).toHaveProperty('checked', true);
  });

  it('starts clean for a typed number and a picked line too', () => {
    render(
      <>
        <NumericCheck id="num" {...solvedNumeric(2)} />
        <BugCheck
          id="bug"
          question="Where?"
          code={'a = 1\nb = 2\nc = a + d'}
          line={3}
          explanation="d is not defined."
        />
      </>,
    );
    const num = within(question('num'));
    fireEvent.change(num.getByRole('textbox'), { target: { value: '7 ms' } });
    fireEvent.click(num.getByRole('button', { name: 'Check' }));
    expect(question('num').getAttribute('data-correct')).toBe('false');
    const bug = within(question('bug'));
    fireEvent.click(bug.getByRole('radio', { name: /line 1$/ }));
    fireEvent.click(bug.getByRole('button', { name: 'Check' }));
    expect(question('bug').getAttribute('data-correct')).toBe('false');

    reopen('num', 'bug');
    expect(within(question('num')).getByRole<HTMLInputElement>('textbox').value).toBe('');
    expect(
      within(question('bug'))
        .queryAllByRole<HTMLInputElement>('radio')
        .filter((r) => r.checked),
    ).toEqual([]);
    expect(screen.queryAllByText(/You answered|You picked/)).toEqual([]);
  });
});
