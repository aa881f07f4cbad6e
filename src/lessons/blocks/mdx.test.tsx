// @vitest-environment jsdom
import { evaluate } from '@mdx-js/mdx';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import * as runtime from 'react/jsx-runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { progressStore } from '../../store/progress';
import { choiceKey } from './quick-check-model';
import { eagerBlocks as components } from './testing/question-fixtures';
import { rehypeHighlightCode } from '../../../scripts/highlight-code';

async function renderMdx(source: string) {
  const { default: Content } = await evaluate(source, {
    ...runtime,
    baseUrl: import.meta.url,
    // Fences are highlighted when a lesson is compiled, as the build does.
    rehypePlugins: [rehypeHighlightCode],
  });
  return render(<Content components={components} />);
}

beforeEach(() => {
  act(() => progressStore.getState().reset());
});

describe('blocks written in MDX', () => {
  it('renders fenced code through the pre override', async () => {
    const { container } = await renderMdx('```python\nfor i in range(3):\n    pass\n```\n');
    // The fence's language reaches the block: its label, its region's name, its highlighting.
    expect(container.querySelector('.code-block-lang')?.textContent).toBe('Python');
    expect(screen.getByRole('group', { name: 'Code: python' }).tabIndex).toBe(0);
    expect(container.querySelector('.hljs-keyword')?.textContent).toBe('for');
    expect(container.querySelector('code')?.textContent).toBe('for i in range(3):\n    pass');
  });

  it('reads quick-check choices whether or not MDX wraps them in paragraphs', async () => {
    await renderMdx(`
<QuickCheck id="mdx-flow" question="Flow layout?">
  <Choice explanation="No: see above.">First</Choice>
  <Choice correct explanation="Yes: \`.to()\` returns a copy.">Second</Choice>
</QuickCheck>

<QuickCheck id="mdx-inline" question="Inline layout?">
  Pick one: <Choice explanation="No.">A</Choice> <Choice correct explanation="Yes.">B</Choice>
</QuickCheck>
`);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    fireEvent.click(screen.getByRole('radio', { name: 'Second' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Check' })[0] as HTMLElement);
    expect(progressStore.getState().answers['mdx-flow']).toMatchObject({
      choice: choiceKey('Second'),
      correct: true,
    });
    expect(screen.getAllByRole('status')[0]?.querySelector('code')?.textContent).toBe('.to()');
  });

  it('renders callouts, annotated code and practice tasks with details', async () => {
    const { container } = await renderMdx(`
<Callout kind="common-error" title="Mixed devices">
Both operands must live on the same device.
</Callout>

<AnnotatedCode lang="python" code={\`
x = torch.ones(2)
y = x.to("cuda")
\`} notes={{ 2: 'a new tensor; x stays put' }} />

<Practice>
  <Task level="advanced" title="Break it on purpose">
    Add a CPU tensor to a GPU tensor and read the error.

    <details>
      <summary>Hint</summary>

      Look at the device names in the message.
    </details>
  </Task>
</Practice>
`);
    expect(screen.getByRole('note').textContent).toContain('Common error: Mixed devices');
    expect(container.querySelectorAll('.ac-line')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Notes on the code' }).textContent).toBe(
      '1Line 2: a new tensor; x stays put',
    );
    const practice = screen.getByRole('region', { name: 'Practice' });
    expect(within(practice).getByRole('heading', { level: 3 }).textContent).toBe(
      'Advanced: Break it on purpose',
    );
    // Written with a blank line after </summary>, the summary stays the details' first child.
    const details = container.querySelector('.task details');
    expect(details?.firstElementChild?.tagName).toBe('SUMMARY');
    expect(details?.firstElementChild?.textContent).toBe('Hint');
  });
});
