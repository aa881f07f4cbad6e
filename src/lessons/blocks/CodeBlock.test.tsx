// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { CodeBlock, readFencedCode } from './CodeBlock';
import { highlightToHast, type HighlightNode } from './highlight';

const PY = 'import torch\ndef f(x):\n    return x.to("cuda")\n';

/** What MDX hands the component for a fence the build highlighted (scripts/highlight-code.ts). */
function built(nodes: HighlightNode[]): ReactNode[] {
  return nodes.map((n, i) =>
    n.type === 'text'
      ? n.value
      : createElement(
          'span',
          { key: i, className: n.properties.className.join(' ') },
          built(n.children),
        ),
  );
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('CodeBlock', () => {
  let original: PropertyDescriptor | undefined;
  beforeEach(() => {
    original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  });
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else delete (navigator as { clipboard?: unknown }).clipboard;
    vi.useRealTimers();
  });

  it('shows the build\'s highlighting from the MDX shape <pre><code className="language-python">', () => {
    const { container } = render(
      <CodeBlock>
        <code className="language-python">{built(highlightToHast(PY.slice(0, -1), 'python'))}</code>
      </CodeBlock>,
    );
    const keywords = Array.from(container.querySelectorAll('.hljs-keyword')).map(
      (k) => k.textContent,
    );
    expect(keywords).toEqual(expect.arrayContaining(['import', 'def', 'return']));
    expect(container.querySelector('.hljs-string')?.textContent).toBe('"cuda"');
    expect(container.querySelector('.code-block-lang')?.textContent).toBe('Python');
    expect(container.querySelector<HTMLElement>('.code-block')?.dataset.lang).toBe('python');
    // The fence's final newline is dropped, nothing else.
    expect(container.querySelector('code')?.textContent).toBe(PY.slice(0, -1));
  });

  it('makes the code a focusable, labelled scroll region', () => {
    render(
      <CodeBlock>
        <code className="language-python">{PY}</code>
      </CodeBlock>,
    );
    const region = screen.getByRole('group', { name: 'Code: python' });
    expect(region.tabIndex).toBe(0);
    region.focus();
    expect(document.activeElement).toBe(region);
  });

  it('copies the plain code text and announces it', async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    stubClipboard(writeText);
    render(
      <CodeBlock>
        <code className="language-python">{PY}</code>
      </CodeBlock>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledOnce();
    expect(writeText).toHaveBeenCalledWith(PY.slice(0, -1));
    expect(screen.getByRole('status').textContent).toBe('Copied');
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copied' }).tagName).toBe('BUTTON');
  });

  it('says so when the clipboard refuses', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    render(
      <CodeBlock>
        <code className="language-bash">nvidia-smi</code>
      </CodeBlock>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(screen.getByRole('status').textContent).toMatch(/^Copy failed/);
  });

  it('escapes code in an unknown language and labels it as written', () => {
    const { container } = render(
      <CodeBlock>
        <code className="language-cuda">{'<b>__global__</b>\n'}</code>
      </CodeBlock>,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('code')?.textContent).toBe('<b>__global__</b>');
    expect(container.querySelector('.code-block-lang')?.textContent).toBe('cuda');
    // Not highlighted: plain text, in a region named after the language as written.
    expect(container.querySelector<HTMLElement>('.code-block')?.dataset.lang).toBe('plaintext');
    expect(container.querySelector('[class^="hljs-"]')).toBeNull();
    expect(screen.getByRole('group', { name: 'Code: cuda' }).tabIndex).toBe(0);
  });
});

describe('readFencedCode', () => {
  it('reads language and text, tolerating whitespace around the code element', () => {
    expect(readFencedCode(['\n', <code className="language-json">{'{}\n'}</code>, '\n'])).toEqual({
      lang: 'json',
      text: '{}',
      body: '{}',
    });
  });

  it('treats a pre without a code element as plain text', () => {
    expect(readFencedCode('just text')).toEqual({
      lang: null,
      text: 'just text',
      body: 'just text',
    });
  });

  it('keeps highlighted spans as the body and reads the text through them', () => {
    const spans = built(highlightToHast('x = "a"', 'python'));
    const read = readFencedCode(<code className="language-python">{spans}</code>);
    expect(read.text).toBe('x = "a"');
    expect(read.body).toBe(spans);
  });
});

describe('CodeBlock without build-time highlighting', () => {
  it('shows plain code as text, never running a highlighter in the page', () => {
    const { container } = render(
      <CodeBlock>
        <code className="language-python">{PY}</code>
      </CodeBlock>,
    );
    expect(container.querySelector('[class^="hljs-"]')).toBeNull();
    expect(container.querySelector('code')?.textContent).toBe(PY.slice(0, -1));
    expect(container.querySelector('.code-block-lang')?.textContent).toBe('Python');
  });
});
