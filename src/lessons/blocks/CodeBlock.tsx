import {
  Children,
  isValidElement,
  type ComponentPropsWithoutRef,
  type ReactElement,
  type ReactNode,
} from 'react';
import { CopyButton } from './CopyButton';
import { languageLabel, resolveLanguage } from './code-language';
import './code.css';

/** Props MDX gives the `pre` override: the fenced code arrives as one `<code>` child. */
export type CodeBlockProps = ComponentPropsWithoutRef<'pre'>;

type ElementWithChildren = ReactElement<{ children?: ReactNode; className?: string }>;

/** The plain text inside a React node (strings and numbers, at any depth). */
export function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement(node)) return textOf((node as ElementWithChildren).props.children);
  return '';
}

/**
 * Language, text and body of a fenced block, read from `<code className="language-x">…</code>`.
 * The body is what the code element holds: the token spans the build put there
 * (scripts/highlight-code.ts), or plain text, which is shown as it is.
 */
export function readFencedCode(children: ReactNode): {
  lang: string | null;
  text: string;
  body: ReactNode;
} {
  const parts = Children.toArray(children).filter(
    (c) => !(typeof c === 'string' && c.trim() === ''),
  );
  const only = parts.length === 1 ? parts[0] : undefined;
  const code = isValidElement(only) ? (only as ElementWithChildren) : null;
  const className = code?.props.className ?? '';
  const lang = /(?:^|\s)language-(\S+)/.exec(className)?.[1] ?? null;
  const raw = code ? textOf(code.props.children) : textOf(children);
  // Markdown fences end the code with a newline; it would show as an empty last line.
  const text = raw.replace(/\r?\n$/, '');
  const inner = code?.props.children;
  const highlighted = Children.toArray(inner).some((c) => isValidElement(c));
  return { lang, text, body: highlighted ? inner : text };
}

/**
 * A code block with a language label and a copy button (the MDX `pre` override), showing the
 * highlighting done at build time.
 */
export function CodeBlock({ children, className, ...rest }: CodeBlockProps) {
  const { lang, text, body } = readFencedCode(children);
  const key = resolveLanguage(lang) ?? 'plaintext';
  const name = lang ?? 'text';
  return (
    <div className={`code-block${className ? ` ${className}` : ''}`} data-lang={key}>
      <div className="code-block-bar">
        <span className="code-block-lang">{languageLabel(lang)}</span>
        <CopyButton text={text} />
      </div>
      {/* Focusable so keyboard users can scroll long lines; a group, as a lesson has many. */}
      <div className="code-scroll" role="group" tabIndex={0} aria-label={`Code: ${name}`}>
        <pre {...rest}>
          <code className={`hljs language-${key}`}>{body}</code>
        </pre>
      </div>
    </div>
  );
}
