// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Practice, Task, type TaskLevel } from './Practice';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Practice and Task', () => {
  it('renders a Practice section with a heading and level-badged task cards', () => {
    render(
      <Practice>
        <Task level="basic" title="Check your device">
          Print the device name.
        </Task>
        <Task level="intermediate">Move a model and its inputs.</Task>
        <Task level="advanced" title="Break it">
          <details>
            <summary>Solution</summary>
            <p>Call .to(device) on both.</p>
          </details>
        </Task>
      </Practice>,
    );
    const section = screen.getByRole('region', { name: 'Practice' });
    expect(within(section).getByRole('heading', { level: 2 }).id).toBe('practice');
    const headings = within(section).getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual([
      'Basic: Check your device',
      'Intermediate task',
      'Advanced: Break it',
    ]);
    const cards = section.querySelectorAll<HTMLElement>('.task');
    expect(Array.from(cards).map((c) => c.dataset.level)).toEqual([
      'basic',
      'intermediate',
      'advanced',
    ]);
    // A task's own content, a folded solution included, stays inside its card.
    expect(screen.getByText('Solution').closest('details')?.closest('.task')).toBe(cards[2]);
  });

  it('shows an unknown level as basic and warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Task level={'expert' as TaskLevel}>Text</Task>);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Basic task');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('expert'));
  });
});
