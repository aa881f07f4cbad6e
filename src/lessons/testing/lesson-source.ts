/**
 * A lesson's MDX read as a learner meets it, for tests that hold the course's teaching to what is
 * true: the questions (by id, with each choice's text, correctness and explanation), the Python
 * snippets a reader copies, and the prose outside both. Node only (reads `content/`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMdxSource } from '../../../scripts/mdx-tree.mjs';
import { visit } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';

/** One choice of a question: what the learner reads, whether it is right, and why. */
export interface SourceChoice {
  text: string;
  correct: boolean;
  explanation: string;
}

/** One question of a lesson or check: its tag, string attributes and choices. */
export interface SourceQuestion {
  id: string;
  tag: string;
  /** The string attributes (question, answer, unit, …) as written. */
  attributes: Readonly<Record<string, string>>;
  choices: readonly SourceChoice[];
  /** Everything the question's element holds, as text (choices, hints, explanations). */
  text: string;
}

/** One code block a reader sees: an `AnnotatedCode` or a fenced block. */
export interface SourceSnippet {
  lang: string;
  title: string;
  code: string;
}

/** A lesson file read into its questions, snippets and prose. */
export interface LessonSource {
  questions: ReadonlyMap<string, SourceQuestion>;
  snippets: readonly SourceSnippet[];
  /** The lesson's prose, callouts included, without code blocks or question elements. */
  prose: string;
}

interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}
interface Node {
  type: string;
  name?: string | null;
  attributes?: JsxAttribute[];
  value?: string;
  lang?: string | null;
  meta?: string | null;
  children?: Node[];
}

const QUESTION_TAGS = new Set([
  'QuickCheck',
  'PredictCheck',
  'NumericCheck',
  'BugCheck',
  'OrderCheck',
]);

const isJsx = (node: Node) =>
  node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

function attributesOf(node: Node): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of node.attributes ?? []) {
    if (a.type !== 'mdxJsxAttribute' || a.name === undefined) continue;
    if (typeof a.value === 'string') out[a.name] = a.value;
    else if (a.value === null || a.value === undefined) out[a.name] = 'true';
    else if (typeof a.value === 'object' && 'value' in a.value) {
      out[a.name] = templateText(String((a.value as { value: unknown }).value));
    }
  }
  return out;
}

/** The text of a `{`…`}` attribute: the template literal's body, escapes undone. */
function templateText(expression: string): string {
  const m = /^\s*`([\s\S]*)`\s*$/.exec(expression);
  if (!m) return expression;
  return m[1]!
    .replace(/\\`/g, '`')
    .replace(/\\\$\{/g, '${')
    .replace(/\\\\/g, '\\');
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Reads `content/<file>` (e.g. `08-measuring.mdx` or `checks/knowledge-check.mdx`). */
export function readLessonSource(file: string): LessonSource {
  return parseLessonSource(readFileSync(join(process.cwd(), 'content', file), 'utf8'));
}

/** Parses one MDX source into its questions, snippets and prose. */
export function parseLessonSource(source: string): LessonSource {
  const tree = parseMdxSource(source) as Node;
  const questions = new Map<string, SourceQuestion>();
  const snippets: SourceSnippet[] = [];
  const proseParts: string[] = [];
  visit(tree as never, (node: Node) => {
    if (node.type === 'code') {
      snippets.push({ lang: node.lang ?? '', title: node.meta ?? '', code: node.value ?? '' });
      return 'skip';
    }
    if (!isJsx(node)) return undefined;
    const attributes = attributesOf(node);
    if (node.name === 'AnnotatedCode' && attributes.code !== undefined) {
      snippets.push({
        lang: attributes.lang ?? '',
        title: attributes.title ?? '',
        code: attributes.code,
      });
      return 'skip';
    }
    if (QUESTION_TAGS.has(node.name ?? '')) {
      const choices: SourceChoice[] = [];
      visit(node as never, (child: Node) => {
        if (child !== node && isJsx(child) && child.name === 'Choice') {
          const a = attributesOf(child);
          choices.push({
            text: squash(toString(child as never)),
            correct: a.correct !== undefined,
            explanation: squash(a.explanation ?? ''),
          });
        }
      });
      const id = attributes.id ?? '(no id)';
      questions.set(id, {
        id,
        tag: node.name ?? '',
        attributes,
        choices,
        text: squash(
          [
            ...Object.values(attributes),
            ...choices.flatMap((c) => [c.text, c.explanation]),
            toString(node as never),
          ].join(' '),
        ),
      });
      return 'skip';
    }
    return undefined;
  });
  visit(tree as never, (node: Node) => {
    if (node.type === 'code') return 'skip';
    if (isJsx(node) && (node.name === 'AnnotatedCode' || QUESTION_TAGS.has(node.name ?? ''))) {
      return 'skip';
    }
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'inlineMath') {
      proseParts.push(node.value ?? '');
    }
    if (isJsx(node)) {
      const a = attributesOf(node);
      for (const key of ['title', 'caption', 'note']) if (a[key]) proseParts.push(a[key]);
    }
    return undefined;
  });
  return { questions, snippets, prose: squash(proseParts.join(' ')) };
}

/** The one correct choice of a single-answer question; throws when there is not exactly one. */
export function correctChoice(question: SourceQuestion): SourceChoice {
  const right = question.choices.filter((c) => c.correct);
  if (right.length !== 1) {
    throw new Error(`${question.id}: expected one correct choice, found ${right.length}`);
  }
  return right[0]!;
}
