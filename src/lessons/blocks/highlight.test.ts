import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  highlight,
  highlighterNames,
  highlightToHast,
  languageLabel,
  resolveLanguage,
  splitHighlightedLines,
  type HighlightNode,
} from './highlight';
import { DISPLAY_NAMES } from './code-language';

function textOf(nodes: HighlightNode[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.value : textOf(n.children))).join('');
}

describe('highlight', () => {
  it('marks Python keywords, strings and numbers with hljs classes', () => {
    const html = highlight('def f(x):\n    return "a" + 1', 'python');
    expect(html).toContain('<span class="hljs-keyword">def</span>');
    expect(html).toContain('<span class="hljs-string">&quot;a&quot;</span>');
    expect(html).toContain('<span class="hljs-number">1</span>');
  });

  it('accepts aliases and the other registered languages', () => {
    expect(resolveLanguage('py')).toBe('python');
    expect(resolveLanguage('ts')).toBe('typescript');
    expect(resolveLanguage('sh')).toBe('bash');
    expect(resolveLanguage('shell')).toBe('bash');
    expect(resolveLanguage('JSON')).toBe('json');
    expect(highlight('const a = 1;', 'ts')).toContain('hljs-keyword');
    expect(highlight('{"a": true}', 'json')).toContain('hljs-literal');
  });

  it('escapes unknown languages instead of highlighting them', () => {
    expect(resolveLanguage('cuda')).toBeNull();
    const html = highlight('<script>alert("x")</script> & more', 'cuda');
    expect(html).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(highlight('a < b', undefined)).toBe('a &lt; b');
    expect(highlight('if <b>', 'plaintext')).toBe('if &lt;b&gt;');
  });

  it('knows every name highlight.js knows for the registered languages (the page has no highlight.js)', () => {
    for (const key of Object.keys(DISPLAY_NAMES)) {
      const names = highlighterNames(key);
      expect(names.length, key).toBeGreaterThan(0);
      for (const name of names) expect(resolveLanguage(name), name).toBe(key);
    }
    expect(resolveLanguage('toString')).toBeNull();
    expect(resolveLanguage('__proto__')).toBeNull();
  });

  it('gives readable language labels', () => {
    expect(languageLabel('python')).toBe('Python');
    expect(languageLabel('py')).toBe('Python');
    expect(languageLabel('cuda')).toBe('cuda');
    expect(languageLabel(null)).toBe('Text');
  });

  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('splitHighlightedLines', () => {
  it('closes and reopens spans that cross a line end', () => {
    const html = highlight('x = """one\ntwo"""\ny = 2', 'python');
    const lines = splitHighlightedLines(html);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const opened = line.match(/<span/g)?.length ?? 0;
      const closed = line.match(/<\/span>/g)?.length ?? 0;
      expect(opened).toBe(closed);
    }
    expect(lines[0]).toMatch(/<span class="hljs-string">&quot;&quot;&quot;one<\/span>$/);
    expect(lines[1]).toMatch(/^<span class="hljs-string">two&quot;&quot;&quot;<\/span>$/);
  });

  it('keeps empty lines', () => {
    expect(splitHighlightedLines('a\n\nb')).toEqual(['a', '', 'b']);
  });
});

describe('highlightToHast', () => {
  it('turns token spans into hast elements around the exact original text', () => {
    const code = 'x = "<&>\'" # done\ny = """a\nb"""';
    const nodes = highlightToHast(code, 'python');
    expect(textOf(nodes)).toBe(code);
    const strings = nodes.filter(
      (n) => n.type === 'element' && n.properties.className.includes('hljs-string'),
    );
    expect(strings.map((n) => textOf([n]))).toEqual(['"<&>\'"', '"""a\nb"""']);
  });

  it('nests spans as highlight.js does, and gives plain text for unknown languages', () => {
    const nested = highlightToHast('def f(x: int = 1):\n    return 1', 'python');
    const hasNested = nested.some(
      (n) => n.type === 'element' && n.children.some((c) => c.type === 'element'),
    );
    expect(hasNested).toBe(true);
    const fn = nested.find(
      (n) => n.type === 'element' && n.properties.className.includes('hljs-title'),
    );
    expect(fn && textOf([fn])).toBe('f');
    expect(highlightToHast('<b>&', 'cuda')).toEqual([{ type: 'text', value: '<b>&' }]);
    expect(highlightToHast('', 'python')).toEqual([]);
  });
});
