import { useId } from 'react';
import { readNotes, trimBlankEnds, type LineNote } from './annotations';
import { CopyButton } from './CopyButton';
import { escapeHtml, languageLabel, resolveLanguage, splitHighlightedLines } from './code-language';
import { InlineText } from './InlineText';
import './blocks.css';
import './code.css';
import './annotated-code.css';

/** Props of annotated code: the code as a string and notes keyed by 1-based line number. */
export interface AnnotatedCodeProps {
  lang: string;
  code: string;
  notes?: Record<number, string>;
  title?: string;
  /**
   * The code highlighted at build time (scripts/highlight-code.ts adds it to lessons; authors
   * never write it). Without it, or when it does not have the code's line count, the code is
   * shown as plain text.
   */
  highlightedHtml?: string;
}

/** The HTML of each line: the build's highlighting when it fits the code, else escaped text. */
export function codeLines(text: string, highlightedHtml: string | undefined): string[] {
  const plain = text.split('\n');
  if (typeof highlightedHtml === 'string') {
    const lines = splitHighlightedLines(highlightedHtml);
    if (lines.length === plain.length) return lines;
  }
  return plain.map(escapeHtml);
}

/**
 * Highlighted code with line numbers whose important lines carry numbered notes, listed beside
 * the code on wide screens and under it on narrow ones. Misplaced notes are reported, not thrown.
 */
export function AnnotatedCode({ lang, code, notes, title, highlightedHtml }: AnnotatedCodeProps) {
  const baseId = useId();
  const text = trimBlankEnds(typeof code === 'string' ? code : '');
  const key = resolveLanguage(lang) ?? 'plaintext';
  const lines = codeLines(text, highlightedHtml);
  const read = readNotes(notes, lines.length);
  const problems = typeof code === 'string' ? read.problems : ['the code={`...`} is missing'];
  const byLine = new Map(read.notes.map((n) => [n.line, n]));
  const noteId = (n: LineNote) => `${baseId}-note-${n.line}`;

  return (
    <figure className="annotated-code" data-lang={key}>
      {title ? <figcaption className="annotated-code-title">{title}</figcaption> : null}
      <div className="code-block-bar">
        <span className="code-block-lang">{languageLabel(lang)}</span>
        <CopyButton text={text} />
      </div>
      {problems.length > 0 ? (
        <div role="alert" className="block-warning">
          <p>Some notes on this code could not be shown:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}.</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="annotated-code-layout">
        <div
          className="code-scroll"
          role="group"
          tabIndex={0}
          aria-label={`Code: ${lang || 'text'}`}
        >
          <pre>
            <code className={`hljs language-${key}`}>
              {lines.map((html, i) => {
                const note = byLine.get(i + 1);
                return (
                  <span
                    key={i}
                    className={note ? 'ac-line ac-line-noted' : 'ac-line'}
                    data-line={i + 1}
                    aria-describedby={note ? noteId(note) : undefined}
                  >
                    <span className="ac-num">{i + 1}</span>
                    {read.notes.length > 0 ? (
                      <span className="ac-slot">
                        {note ? (
                          <span className="ac-marker">
                            <span className="visually-hidden">note </span>
                            {note.marker}
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                    <span className="ac-text" dangerouslySetInnerHTML={{ __html: html }} />
                  </span>
                );
              })}
            </code>
          </pre>
        </div>
        {read.notes.length > 0 ? (
          <ol className="ac-notes" role="list" aria-label="Notes on the code">
            {read.notes.map((n) => (
              <li key={n.line} id={noteId(n)} className="ac-note" data-line={n.line}>
                <span className="ac-marker" aria-hidden="true">
                  {n.marker}
                </span>
                <span>
                  <strong>Line {n.line}:</strong> <InlineText text={n.text} />
                </span>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </figure>
  );
}
