// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnnotatedCode, codeLines } from './AnnotatedCode';
import { readNotes, trimBlankEnds } from './annotations';
import { highlight } from './highlight';

const CODE = `
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = Net().to(device)
x = torch.randn(8, 3, device=device)
y = model(x)
`;

function lineEl(container: HTMLElement, n: number): HTMLElement {
  const el = container.querySelector<HTMLElement>(`.ac-line[data-line="${n}"]`);
  if (!el) throw new Error(`no line ${n}`);
  return el;
}

describe('codeLines', () => {
  it("uses the highlighted HTML when it has the code's lines", () => {
    const text = 'a = "x"\nb = 1';
    const lines = codeLines(text, highlight(text, 'python'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('hljs-string');
  });

  it('falls back to escaped text when the HTML is missing or does not fit the code', () => {
    expect(codeLines('a < b\nc', undefined)).toEqual(['a &lt; b', 'c']);
    expect(codeLines('a < b\nc', '<span class="hljs-x">only one line</span>')).toEqual([
      'a &lt; b',
      'c',
    ]);
  });
});

describe('AnnotatedCode', () => {
  it('shows plain, escaped lines when nothing was highlighted at build time', () => {
    const { container } = render(<AnnotatedCode lang="python" code={'x = "<b>"'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[class^="hljs-"]')).toBeNull();
    expect(container.querySelector('.ac-text')?.textContent).toBe('x = "<b>"');
  });

  it('renders numbered, highlighted lines without the blank first and last lines', () => {
    // As a lesson passes it: the build adds the highlighted HTML (scripts/highlight-code.ts).
    const html = highlight(trimBlankEnds(CODE), 'python');
    const { container } = render(
      <AnnotatedCode lang="python" code={CODE} highlightedHtml={html} />,
    );
    const lines = container.querySelectorAll('.ac-line');
    expect(lines).toHaveLength(4);
    expect(lineEl(container, 1).querySelector('.ac-num')?.textContent).toBe('1');
    expect(lineEl(container, 2).querySelector('.ac-text')?.textContent).toBe(
      'model = Net().to(device)',
    );
    const strings = lineEl(container, 1).querySelectorAll('.hljs-string');
    expect([...strings].map((s) => s.textContent)).toEqual(['"cuda"', '"cpu"']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ties each note to its line with a marker and aria-describedby', () => {
    const { container } = render(
      <AnnotatedCode
        lang="python"
        code={CODE}
        title="Picking a device"
        notes={{ 2: 'moves the parameters in place', 3: 'created on the device, no copy' }}
      />,
    );
    expect(screen.getByText('Picking a device').tagName).toBe('FIGCAPTION');
    const list = screen.getByRole('list', { name: 'Notes on the code' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1Line 2: moves the parameters in place',
      '2Line 3: created on the device, no copy',
    ]);
    const line2 = lineEl(container, 2);
    const described = line2.getAttribute('aria-describedby');
    expect(document.getElementById(described ?? '')).toBe(items[0]);
    expect(line2.querySelector('.ac-marker')?.textContent).toBe('note 1');
    expect(lineEl(container, 3).querySelector('.ac-marker')?.textContent).toBe('note 2');
    expect(lineEl(container, 1).hasAttribute('aria-describedby')).toBe(false);
    expect(lineEl(container, 1).querySelector('.ac-marker')).toBeNull();
  });

  it('warns in place about a note for a line that does not exist', () => {
    const { container } = render(
      <AnnotatedCode lang="python" code={CODE} notes={{ 2: 'fine', 9: 'lost' }} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('line 9');
    expect(alert.textContent).toContain('4 lines');
    // The valid note and the code are still there; the lost note is not.
    const list = screen.getByRole('list', { name: 'Notes on the code' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Line 2: fine']);
    expect(container.querySelectorAll('.ac-line')).toHaveLength(4);
    expect(lineEl(container, 2).querySelector('.ac-marker')?.textContent).toBe('note 1');
    expect(screen.queryByText('lost')).toBeNull();
  });

  it('shows backticked parts of a note as code', () => {
    render(<AnnotatedCode lang="python" code={'a = 1'} notes={{ 1: 'like `x.to(d)`' }} />);
    expect(screen.getByText('x.to(d)').tagName).toBe('CODE');
  });

  it('provides a labelled, focusable scroll region', () => {
    render(<AnnotatedCode lang="python" code={CODE} />);
    expect(screen.getByRole('group', { name: 'Code: python' }).tabIndex).toBe(0);
  });
});

describe('annotations helpers', () => {
  it('trims exactly one blank line at each end', () => {
    expect(trimBlankEnds('\n\na\n\n')).toBe('\na\n');
    expect(trimBlankEnds('a')).toBe('a');
    expect(trimBlankEnds('  \r\na\r\n  ')).toBe('a');
  });

  it('reports keys that are not line numbers and empty notes', () => {
    const r = readNotes({ x: 'a', 0: 'b', 2: '  ', 1: 'ok' }, 3);
    expect(r.notes).toEqual([{ line: 1, marker: 1, text: 'ok' }]);
    expect(r.problems).toHaveLength(3);
    expect(r.problems.join(' | ')).toMatch(/"x" is not a line number/);
    expect(r.problems.join(' | ')).toMatch(/line 0/);
    expect(r.problems.join(' | ')).toMatch(/line 2 is empty/);
    expect(readNotes('nope', 3).problems).toHaveLength(1);
  });
});
