import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  highlight,
  languageLabel,
  resolveLanguage,
  splitHighlightedLines,
} from './highlight';

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
