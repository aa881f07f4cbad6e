// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressStore } from '../../store/progress';
import { Choice, QuickCheck } from './QuickCheck';
import { choiceKey } from './quick-check-model';
import { seededOrder } from './shuffle';

const ID = 'why-gpus-independence';

function Example() {
  return (
    <QuickCheck id={ID} question="Why can a GPU compute all outputs of y = Wx + b at once?">
      <Choice explanation="No: a GPU clock is slower than a CPU clock.">
        Because the GPU clock is faster
      </Choice>
      <Choice correct explanation="Yes: no output waits for another one.">
        Because each output depends only on W, x and b
      </Choice>
      <Choice explanation="No: caches do not remove the work.">Because the GPU caches it</Choice>
    </QuickCheck>
  );
}

const TEXTS = [
  'Because the GPU clock is faster',
  'Because each output depends only on W, x and b',
  'Because the GPU caches it',
];

const root = () => document.querySelector<HTMLElement>(`[data-quick-check="${ID}"]`);
const radio = (label: RegExp) => screen.getByRole('radio', { name: label }) as HTMLInputElement;
const shownTexts = () =>
  (screen.getAllByRole('radio') as HTMLInputElement[]).map((r) =>
    r.closest('label')?.querySelector('.qc-choice-text')?.textContent?.trim(),
  );
const status = () => screen.getByRole('status');

function answer(label: RegExp) {
  fireEvent.click(screen.getByRole('radio', { name: label }));
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
}

beforeEach(() => {
  act(() => progressStore.getState().reset());
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('QuickCheck', () => {
  it('renders a fieldset named by the question, with one radio per choice', () => {
    render(<Example />);
    const group = screen.getByRole('group', { name: /Why can a GPU compute all outputs/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(root()?.dataset.answered).toBe('false');
    expect(root()?.dataset.correct).toBe('false');
    expect(status().textContent).toBe('');
  });

  it('explains a wrong answer and records correct=false', () => {
    render(<Example />);
    answer(/GPU clock is faster/);
    expect(status().textContent).toContain('Not quite.');
    expect(status().textContent).toContain('a GPU clock is slower than a CPU clock');
    expect(status().textContent).not.toContain('no output waits');
    expect(progressStore.getState().answers[ID]).toMatchObject({
      choice: radio(/GPU clock is faster/).value,
      correct: false,
    });
    expect(radio(/GPU clock is faster/).value).toBe(choiceKey(TEXTS[0]));
    expect(root()?.dataset.answered).toBe('true');
    expect(root()?.dataset.correct).toBe('false');
  });

  it('records a right answer as correct=true', () => {
    render(<Example />);
    answer(/depends only on W, x and b/);
    expect(status().textContent).toContain('Correct.');
    expect(status().textContent).toContain('no output waits for another one');
    expect(progressStore.getState().answers[ID]).toMatchObject({
      choice: choiceKey(TEXTS[1]),
      correct: true,
    });
    expect(root()?.dataset.correct).toBe('true');
  });

  it('lists every explanation, marked right or wrong, once answered right, not after a miss', () => {
    render(<Example />);
    expect(screen.queryByText('Show all explanations')).toBeNull();
    answer(/GPU caches it/);
    expect(screen.queryByText('Show all explanations')).toBeNull();
    expect(document.body.textContent).not.toContain('no output waits');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    answer(/depends only on W, x and b/);
    const summary = screen.getByText('Show all explanations');
    expect(summary.tagName).toBe('SUMMARY');
    expect((summary.parentElement as HTMLDetailsElement).open).toBe(false);
    const items = within(summary.parentElement as HTMLElement).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const right = items.filter((li) => li.dataset.correct === 'true');
    expect(right.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Right answer:.*no output waits/),
    ]);
    const clock = items.find((li) => li.textContent?.includes('slower than a CPU clock'));
    expect(clock?.textContent).toMatch(/^Wrong answer:/);
    // Listed in the order the learner saw the choices.
    expect(items.map((li) => li.querySelector('.qc-choice-text')?.textContent?.trim())).toEqual(
      shownTexts(),
    );
  });

  it('offers the answer after two misses; an answer given then is revealed, not right', () => {
    render(<Example />);
    answer(/GPU caches it/);
    expect(screen.queryByRole('button', { name: 'Show the answer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    answer(/GPU clock is faster/);
    fireEvent.click(screen.getByRole('button', { name: 'Show the answer' }));
    expect(screen.queryByRole('button', { name: 'Show the answer' })).toBeNull();
    // Shown at once: all explanations open, and the right choice marked in the list.
    const summary = screen.getByText('Show all explanations');
    expect((summary.parentElement as HTMLDetailsElement).open).toBe(true);
    expect(radio(/depends only on W, x and b/).closest('label')?.textContent).toMatch(
      /\(the right answer\)/,
    );
    expect(document.activeElement?.className).toBe('qc-feedback-wrap');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    answer(/depends only on W, x and b/);
    expect(progressStore.getState().answers[ID]).toMatchObject({ correct: false, revealed: true });
    expect(root()?.dataset.correct).toBe('false');
    expect(root()?.dataset.revealed).toBe('true');
    expect(status().textContent).toMatch(/answer you were shown.*counts as revealed, not as right/);
    expect(status().textContent).not.toContain('Correct.');
  });

  it('restores the saved answer after an unmount and remount', () => {
    const first = render(<Example />);
    answer(/GPU clock is faster/);
    first.unmount();
    render(<Example />);
    expect(
      (screen.getByRole('radio', { name: /GPU clock is faster/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(status().textContent).toContain('a GPU clock is slower than a CPU clock');
    expect(root()?.dataset.answered).toBe('true');
  });

  it('shows an answer already in the store on first render', () => {
    progressStore.getState().answerQuickCheck(ID, choiceKey(TEXTS[1]), true);
    render(<Example />);
    expect(status().textContent).toContain('Correct.');
    expect(root()?.dataset.correct).toBe('true');
  });

  it('ignores a saved choice that no longer exists', () => {
    progressStore.getState().answerQuickCheck(ID, 'c-removed-choice', true);
    render(<Example />);
    expect(root()?.dataset.answered).toBe('false');
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('"Try again" clears the selection and the feedback, keeping focus on the radios', () => {
    render(<Example />);
    answer(/GPU clock is faster/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.some((r) => r.checked)).toBe(false);
    expect(status().textContent).toBe('');
    expect(document.activeElement).toBe(radios[0]);
    expect(root()?.dataset.answered).toBe('false');
    answer(/depends only on W, x and b/);
    expect(progressStore.getState().answers[ID]).toMatchObject({
      choice: choiceKey(TEXTS[1]),
      correct: true,
    });
  });

  it('asks for a choice when Check is pressed with none selected', () => {
    render(<Example />);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(status().textContent).toBe('Choose an answer first.');
    expect(progressStore.getState().answers[ID]).toBeUndefined();
  });

  it('keeps the radios and the Check button keyboard reachable', () => {
    render(<Example />);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    const names = new Set(radios.map((r) => r.name));
    expect(names.size).toBe(1); // one group: arrow keys move between them natively
    for (const r of radios) {
      expect(r.disabled).toBe(false);
      expect(r.tabIndex).toBeGreaterThanOrEqual(0);
    }
    radios[2]?.focus();
    expect(document.activeElement).toBe(radios[2]);
    const check = screen.getByRole('button', { name: 'Check' });
    expect(check.tabIndex).toBeGreaterThanOrEqual(0);
    // Enter in the form submits it (the button is a submit button).
    fireEvent.click(radios[2] as HTMLInputElement);
    fireEvent.submit(check.closest('form') as HTMLFormElement);
    const third = radios[2] as HTMLInputElement;
    expect(progressStore.getState().answers[ID]).toMatchObject({
      choice: third.value,
      correct: third.value === choiceKey(TEXTS[1]),
    });
  });

  it('creates the learner seed on first render and orders the choices by it', () => {
    expect(progressStore.getState().seed).toBeNull();
    render(<Example />);
    const seed = progressStore.getState().seed;
    expect(seed).toMatch(/^[0-9a-z]+$/);
    expect(shownTexts()).toEqual(seededOrder(3, seed!, ID).map((i) => TEXTS[i]));
  });

  it('shows the same order on every visit, another order for another learner', () => {
    // Seeds whose orders differ, found with the pure function the form uses.
    const seeds = ['a', 'b', 'c', 'd', 'e', 'f'];
    const orders = seeds.map((s) => seededOrder(3, s, ID).join(''));
    const other = seeds.find((s, i) => orders[i] !== orders[0])!;
    act(() => progressStore.setState({ seed: 'a' }));
    const first = render(<Example />);
    const before = shownTexts();
    first.unmount();
    const second = render(<Example />);
    expect(shownTexts()).toEqual(before);
    second.unmount();
    act(() => progressStore.setState({ seed: other }));
    render(<Example />);
    expect(shownTexts()).not.toEqual(before);
    expect([...shownTexts()].sort()).toEqual([...before].sort());
  });

  it('keeps an answer on the same choice whatever position it moves to', () => {
    act(() => progressStore.setState({ seed: 'a' }));
    const first = render(<Example />);
    answer(/GPU caches it/);
    first.unmount();
    const seeds = ['b', 'c', 'd', 'e', 'f', 'g'];
    const moved = seeds.find(
      (s) => seededOrder(3, s, ID).indexOf(2) !== seededOrder(3, 'a', ID).indexOf(2),
    )!;
    act(() => progressStore.setState({ seed: moved }));
    render(<Example />);
    expect(radio(/GPU caches it/).checked).toBe(true);
    expect(status().textContent).toContain('caches do not remove the work');
  });

  it('finds choices that MDX wrapped in a paragraph and keeps other content', () => {
    render(
      <QuickCheck id="wrapped" question="Which is on the GPU?">
        <pre>
          <code>x = torch.ones(2, device=&quot;cuda&quot;)</code>
        </pre>
        <p>
          <Choice correct explanation="It was created there.">
            x
          </Choice>
          <Choice explanation="Nothing else exists.">nothing</Choice>
        </p>
      </QuickCheck>,
    );
    const group = screen.getByRole('group', { name: /Which is on the GPU\?/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent?.trim()).sort()).toEqual([
      'nothing',
      'x',
    ]);
    // The code stays inside the question, ahead of the choices.
    const code = within(group).getByText('x = torch.ones(2, device="cuda")');
    expect(code.compareDocumentPosition(radios[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('QuickCheck validation', () => {
  function expectMalformed(text: RegExp) {
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/^This quick check is malformed: /);
    expect(alert.textContent).toMatch(text);
    expect(screen.queryByRole('radio')).toBeNull();
  }

  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('rejects fewer than two choices', () => {
    render(
      <QuickCheck id="one" question="Q?">
        <Choice correct explanation="Only one.">
          A
        </Choice>
      </QuickCheck>,
    );
    expectMalformed(/at least two <Choice>s \(found 1\)/);
    expect(document.querySelector('[data-quick-check="one"]')?.getAttribute('data-answered')).toBe(
      'false',
    );
  });

  it('rejects no correct choice and two correct choices', () => {
    const { unmount } = render(
      <QuickCheck id="none" question="Q?">
        <Choice explanation="a">A</Choice>
        <Choice explanation="b">B</Choice>
      </QuickCheck>,
    );
    expectMalformed(/exactly one <Choice correct> is needed \(found 0\)/);
    unmount();
    render(
      <QuickCheck id="two" question="Q?">
        <Choice correct explanation="a">
          A
        </Choice>
        <Choice correct explanation="b">
          B
        </Choice>
      </QuickCheck>,
    );
    expectMalformed(/\(found 2\)/);
  });

  it('rejects a choice without an explanation', () => {
    const NoWhy = Choice as (p: { correct?: boolean; children: string }) => React.ReactNode;
    render(
      <QuickCheck id="nowhy" question="Q?">
        <Choice correct explanation="a">
          A
        </Choice>
        <NoWhy>B</NoWhy>
      </QuickCheck>,
    );
    expectMalformed(/choice 2 has no explanation/);
    expect(console.warn).toHaveBeenCalled();
  });
});
