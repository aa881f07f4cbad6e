import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { remarkCodeAttribute } from './remark-code-attribute';
import { rehypeHighlightCode, remarkHighlightAnnotatedCode } from './highlight-code';

async function compiled(source: string): Promise<string> {
  const out = await compile(source, {
    remarkPlugins: [remarkCodeAttribute, remarkHighlightAnnotatedCode],
    rehypePlugins: [rehypeHighlightCode],
  });
  return String(out.value);
}

describe('rehypeHighlightCode', () => {
  it('puts token spans into fenced code at compile time, final newline dropped', async () => {
    const js = await compiled('```python\nimport torch\n```\n');
    expect(js).toMatch(/className: "hljs-keyword",\s*children: "import"/);
    expect(js).toContain('" torch"');
    expect(js).not.toContain('" torch\\n"');
    expect(js).toContain('"language-python"');
  });

  it('leaves unknown languages as plain text', async () => {
    const js = await compiled('```cuda\n<b>x</b>\n```\n');
    expect(js).not.toContain('hljs-');
    expect(js).toContain('"<b>x</b>"');
  });
});

describe('remarkHighlightAnnotatedCode', () => {
  it('adds the highlighted HTML of the code, blank ends trimmed, as a string attribute', async () => {
    const js = await compiled('<AnnotatedCode lang="python" code={`\nx = 1\n`} />\n');
    expect(js).toContain('highlightedHtml: "x = <span class=\\"hljs-number\\">1</span>"');
  });

  it('leaves code given as an expression, and other tags, alone', async () => {
    const js = await compiled(
      '<AnnotatedCode lang="python" code={make()} />\n\n<Other code="x = 1" />\n',
    );
    expect(js).not.toContain('highlightedHtml');
  });
});
