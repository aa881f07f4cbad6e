// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TranscriptEntry } from '../../store/session';
import { ConsoleEntry, WIDE_OUTPUT_CHARS } from './ConsoleEntry';

const entry = (source: string, output: string[]): TranscriptEntry => ({
  id: 1,
  origin: 'console',
  source,
  output,
  error: null,
  transfers: [],
  launches: [],
});

describe('ConsoleEntry', () => {
  it('keeps wide output whole in a focusable box of its own that scrolls sideways', () => {
    const rule = '|' + '='.repeat(75) + '|';
    render(
      <ConsoleEntry
        entry={entry('print(torch.cuda.memory_summary())', [rule, '| Allocated memory |', rule])}
      />,
    );
    const box = screen.getByRole('region', {
      name: 'Output of print(torch.cuda.memory_summary()) (scrolls sideways)',
    });
    expect(box.tabIndex).toBe(0);
    const pre = box.querySelector('pre');
    expect(pre?.className).toContain('console-output--wide');
    expect(pre?.textContent).toBe(`${rule}\n| Allocated memory |\n${rule}`);
  });

  it('prints short output as it is, with no extra stop for the Tab key', () => {
    render(<ConsoleEntry entry={entry('x.shape', ['x'.repeat(WIDE_OUTPUT_CHARS)])} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.querySelector('pre.console-output')?.textContent).toBe(
      'x'.repeat(WIDE_OUTPUT_CHARS),
    );
  });
});
