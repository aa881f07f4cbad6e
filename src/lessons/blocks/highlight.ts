import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import { escapeHtml, resolveLanguage } from './code-language.ts';

/*
 * Build-time highlighting: lessons are highlighted when they are compiled
 * (scripts/highlight-code.ts), so nothing in the app imports this module and highlight.js is not
 * shipped to the browser. Only the languages lessons use are registered.
 */
hljs.registerLanguage('python', python);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('json', json);
hljs.registerLanguage('xml', xml);
hljs.registerLanguage('plaintext', plaintext);

export {
  escapeHtml,
  languageLabel,
  resolveLanguage,
  splitHighlightedLines,
} from './code-language.ts';

/** The names highlight.js itself knows for a registered language (for tests of the alias table). */
export function highlighterNames(key: string): string[] {
  const found = hljs.getLanguage(key);
  return found ? [key, ...(found.aliases ?? [])] : [];
}

/**
 * Highlights code and returns HTML (token spans with `hljs-*` classes). Unknown languages come
 * back as escaped plain text, so the result is always safe to insert.
 */
export function highlight(code: string, lang: string | null | undefined): string {
  const key = resolveLanguage(lang);
  if (!key || key === 'plaintext') return escapeHtml(code);
  return hljs.highlight(code, { language: key, ignoreIllegals: true }).value;
}

/** A node of highlighted code as a hast tree has it: text, or a span with classes. */
export type HighlightNode =
  | { type: 'text'; value: string }
  | {
      type: 'element';
      tagName: 'span';
      properties: { className: string[] };
      children: HighlightNode[];
    };

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};

function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e] ?? e);
}

/**
 * Highlights code into hast nodes (spans with `hljs-*` classes around text), for a rehype plugin
 * to put into the page at build time. Throws if the highlighter's HTML has a shape it does not
 * expect, rather than emitting broken markup.
 */
export function highlightToHast(code: string, lang: string | null | undefined): HighlightNode[] {
  const root: HighlightNode[] = [];
  const stack: HighlightNode[][] = [root];
  for (const part of highlight(code, lang).split(/(<span[^>]*>|<\/span>)/)) {
    if (part === '') continue;
    const top = stack[stack.length - 1] as HighlightNode[];
    if (part.startsWith('<span')) {
      const className = /class="([^"]*)"/.exec(part)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
      const span: HighlightNode = {
        type: 'element',
        tagName: 'span',
        properties: { className },
        children: [],
      };
      top.push(span);
      stack.push(span.children);
    } else if (part === '</span>') {
      if (stack.length === 1) throw new Error('highlighted code closes a span it never opened');
      stack.pop();
    } else {
      if (part.includes('<')) throw new Error(`unexpected markup in highlighted code: ${part}`);
      top.push({ type: 'text', value: unescapeHtml(part) });
    }
  }
  if (stack.length !== 1) throw new Error('highlighted code leaves a span open');
  return root;
}
