// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { progressStore } from '../../store/progress';
import {
  countRows,
  placeholderHeightRem,
  preloadQuestionBlocks,
  questionTags,
} from './lazy-questions';
import { choicesOf, stepsOf } from './testing/question-fixtures';

const { BugCheck, Choice, OrderCheck, QuickCheck, Step } = questionTags;

beforeEach(() => {
  act(() => progressStore.getState().reset());
});

describe('lazily loaded questions', () => {
  it('hold their place with the question text, then become the real question', async () => {
    const { container } = render(
      <QuickCheck id="lq" question="Which is faster?">
        {choicesOf('Pinned', 'Pageable', 'Neither')}
      </QuickCheck>,
    );
    const placeholder = container.querySelector<HTMLElement>('[data-question-placeholder]');
    expect(placeholder?.textContent).toContain('Which is faster?');
    expect(placeholder?.getAttribute('aria-busy')).toBe('true');
    expect(placeholder?.style.minHeight).toBe(`${placeholderHeightRem(3)}rem`);
    // The real question reads the eager <Choice> markers: the same component as its own.
    await screen.findByRole('radio', { name: 'Pinned' });
    // (in the order the question shuffled them to)
    const shown = screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(shown.sort()).toEqual(['Neither', 'Pageable', 'Pinned']);
    expect(container.querySelector('[data-question-placeholder]')).toBeNull();
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('reads order steps through the eager <Step> marker', async () => {
    render(
      <OrderCheck id="lo" question="Order?" explanation="Because.">
        {stepsOf('a', 'b', 'c')}
      </OrderCheck>,
    );
    expect(await screen.findAllByRole('button', { name: /Move up/ })).toHaveLength(3);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('still reports a malformed question once loaded', async () => {
    render(<BugCheck id="" question="Where?" code={'a\nb'} line={9} explanation="x" />);
    const alert = await screen.findByRole('alert', {});
    expect(alert.textContent).toMatch(
      /is malformed: it needs an id="\.\.\."; line= must be a line number from 1 to 2\.$/,
    );
  });

  // Runs after the tests above have loaded the blocks, as a page of questions preloads them.
  it('renders at once, with no placeholder, once the blocks are loaded', async () => {
    await preloadQuestionBlocks();
    const { container } = render(
      <QuickCheck id="lq2" question="Which?">
        {choicesOf('One', 'Two')}
      </QuickCheck>,
    );
    expect(container.querySelector('[data-question-placeholder]')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('counts rows at any depth and reserves at least one', () => {
    const rows = (
      <>
        <Choice explanation="">a</Choice>
        <div>
          <Choice explanation="">b</Choice>
        </div>
        text
      </>
    );
    expect(countRows(rows, Choice)).toBe(2);
    expect(countRows(rows, Step)).toBe(0);
    expect(countRows(undefined, Choice)).toBe(0);
    expect(placeholderHeightRem(0)).toBe(placeholderHeightRem(1));
    expect(placeholderHeightRem(4)).toBeGreaterThan(placeholderHeightRem(3));
  });
});
