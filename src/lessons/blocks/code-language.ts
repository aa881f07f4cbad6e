/**
 * What the page needs to show code without a highlighter: language names and labels, HTML
 * escaping and per-line splitting of highlighted HTML. Highlighting itself happens at build time
 * (highlight.ts, run by scripts/highlight-code.ts), so highlight.js stays out of the app bundle.
 */

/** The highlighted languages, by key, with the label a code block shows. */
export const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  python: 'Python',
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  bash: 'Bash',
  json: 'JSON',
  xml: 'HTML',
  plaintext: 'Text',
};

/** Other names for those languages (highlight.js's own aliases plus shell names). */
export const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  py: 'python',
  gyp: 'python',
  ipython: 'python',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  sh: 'bash',
  zsh: 'bash',
  shell: 'bash',
  console: 'bash',
  terminal: 'bash',
  jsonc: 'json',
  json5: 'json',
  text: 'plaintext',
  txt: 'plaintext',
  html: 'xml',
  xhtml: 'xml',
  rss: 'xml',
  atom: 'xml',
  xjb: 'xml',
  xsd: 'xml',
  xsl: 'xml',
  plist: 'xml',
  wsf: 'xml',
  svg: 'xml',
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

/** The language key a name or alias (`py`, `ts`, `sh`) stands for, or null when none. */
export function resolveLanguage(lang: string | null | undefined): string | null {
  if (!lang) return null;
  const name = lang.trim().toLowerCase();
  if (Object.hasOwn(DISPLAY_NAMES, name)) return name;
  return Object.hasOwn(LANGUAGE_ALIASES, name) ? (LANGUAGE_ALIASES[name] ?? null) : null;
}

/** A human name for a language label ("Python"); unknown names are shown as written. */
export function languageLabel(lang: string | null | undefined): string {
  const key = resolveLanguage(lang);
  if (key) return DISPLAY_NAMES[key] ?? key;
  return lang?.trim() ? lang.trim() : 'Text';
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
