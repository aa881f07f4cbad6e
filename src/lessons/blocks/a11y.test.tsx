// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { progressStore } from '../../store/progress';
import { AnnotatedCode } from './AnnotatedCode';
import { Callout } from './Callout';
import { CodeBlock } from './CodeBlock';
import { Practice, Task } from './Practice';
import { Choice, QuickCheck } from './QuickCheck';

async function violations(root: HTMLElement) {
  // jsdom has no layout, so contrast is checked by hand in the blocks' stylesheets rather than here.
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

beforeEach(() => {
  act(() => progressStore.getState().reset());
});

describe('accessibility of the blocks (axe)', () => {
  it('finds no violations in every block, before and after answering', async () => {
    const { container } = render(
      <main>
        <Callout kind="common-error" title="Mixed devices">
          <p>Keep operands together.</p>
        </Callout>
        <CodeBlock>
          <code className="language-python">{'x = 1\n'}</code>
        </CodeBlock>
        <AnnotatedCode lang="python" code={'a = 1\nb = a + 1'} notes={{ 2: 'uses a' }} />
        <AnnotatedCode lang="python" code={'a = 1'} notes={{ 4: 'nowhere' }} />
        <QuickCheck id="a11y" question="Which?">
          <Choice correct explanation="Yes.">
            One
          </Choice>
          <Choice explanation="No.">Two</Choice>
        </QuickCheck>
        <QuickCheck id="broken" question="Broken?">
          <Choice explanation="Only one.">Alone</Choice>
        </QuickCheck>
        <Practice>
          <Task level="advanced" title="Break it">
            <details>
              <summary>Hint</summary>
              <p>Read the error.</p>
            </details>
          </Task>
        </Practice>
      </main>,
    );
    expect(await violations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Two' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await violations(container)).toEqual([]);
  });
});
