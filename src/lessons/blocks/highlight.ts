import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import typescript from 'highlight.js/lib/languages/typescript';

// Only the languages lessons use are registered, which keeps highlight.js small in the bundle.
hljs.registerLanguage('python', python);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('json', json);
hljs.registerLanguage('plaintext', plaintext);
hljs.registerAliases(['shell', 'console', 'terminal'], { languageName: 'bash' });

const DISPLAY_NAMES: Record<string, string> = {
  python: 'Python',
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  bash: 'Bash',
  json: 'JSON',
  plaintext: 'Text',
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use as HTML content or an attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The registered language a name or alias (`py`, `ts`, `sh`) stands for, or null when none. */
export function resolveLanguage(lang: string | null | undefined): string | null {
  if (!lang) return null;
  const found = hljs.getLanguage(lang.trim().toLowerCase());
  if (!found?.name) return null;
  // getLanguage returns the definition; map its display name back to the registered key.
  const key = Object.keys(DISPLAY_NAMES).find((k) => hljs.getLanguage(k) === found);
  return key ?? null;
}

/** A human name for a language label ("Python"); unknown names are shown as written. */
export function languageLabel(lang: string | null | undefined): string {
  const key = resolveLanguage(lang);
  if (key) return DISPLAY_NAMES[key] ?? key;
  return lang?.trim() ? lang.trim() : 'Text';
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

const TOKEN = /(<span[^>]*>|<\/span>|\n)/;

/**
 * Splits highlighted HTML into one HTML string per source line, closing the spans still open at
 * each line end and reopening them on the next line (multi-line strings and comments).
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let current = '';
  for (const part of html.split(TOKEN)) {
    if (part === '\n') {
      lines.push(current + '</span>'.repeat(open.length));
      current = open.join('');
    } else if (part.startsWith('<span')) {
      open.push(part);
      current += part;
    } else if (part === '</span>') {
      open.pop();
      current += part;
    } else {
      current += part;
    }
  }
  lines.push(current);
  return lines;
}
