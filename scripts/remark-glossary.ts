import type { Root, RootContent, Text } from 'mdast';
import type { MdxJsxAttribute, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import type { GlossaryTerm } from '../src/glossary/types.ts';
import { readGlossary } from './glossary-plugin.ts';

/** Containers whose text may hold a linked term; every other tag (quick checks, widgets) is skipped. */
const PROSE_TAGS = new Set(['Callout', 'Practice', 'Task']);

/** Node types whose text is never prose: headings, code, math, links, tables, raw HTML. */
const SKIPPED_TYPES = new Set([
  'heading',
  'code',
  'inlineCode',
  'math',
  'inlineMath',
  'link',
  'linkReference',
  'table',
  'html',
  'yaml',
  'toml',
  'definition',
  'footnoteDefinition',
  'image',
  'imageReference',
  'mdxjsEsm',
  'mdxFlowExpression',
  'mdxTextExpression',
]);

/** A spelling to look for and the entry it belongs to. */
interface Needle {
  text: string;
  id: string;
}

/** A found use of a term in one string. */
export interface TermMatch {
  /** Offset of the first character. */
  start: number;
  /** Offset after the last character. */
  end: number;
  /** The glossary entry's id. */
  id: string;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);

/**
 * The earliest whole-word use in `text` of a term not in `used`, the longest spelling winning
 * when two start at the same place (so "ring all-reduce" beats "all-reduce"); null when none.
 */
export function findFirstTerm(
  text: string,
  needles: readonly Needle[],
  used: ReadonlySet<string>,
): TermMatch | null {
  let best: TermMatch | null = null;
  for (const needle of needles) {
    if (used.has(needle.id)) continue;
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle.text, from);
      if (at < 0) break;
      const end = at + needle.text.length;
      if (best && at > best.start) break;
      if (!isWordChar(text[at - 1]) && !isWordChar(text[end])) {
        if (!best || at < best.start || (at === best.start && end > best.end)) {
          best = { start: at, end, id: needle.id };
        }
        break;
      }
      from = at + 1;
    }
  }
  return best;
}

/** Every spelling of every entry, longest first. */
function needlesOf(terms: readonly GlossaryTerm[]): Needle[] {
  return terms
    .flatMap((entry) => entry.matches.map((text) => ({ text, id: entry.id })))
    .sort((a, b) => b.text.length - a.text.length);
}

function termElement(id: string, value: string): MdxJsxTextElement {
  const attribute: MdxJsxAttribute = { type: 'mdxJsxAttribute', name: 'id', value: id };
  return {
    type: 'mdxJsxTextElement',
    name: 'Term',
    attributes: [attribute],
    children: [{ type: 'text', value }],
  };
}

/** Splits a text node at each first use of a term, marking the terms used. */
function splitText(node: Text, needles: readonly Needle[], used: Set<string>): RootContent[] {
  const out: RootContent[] = [];
  let rest = node.value;
  for (;;) {
    const match = findFirstTerm(rest, needles, used);
    if (!match) break;
    used.add(match.id);
    if (match.start > 0) out.push({ type: 'text', value: rest.slice(0, match.start) });
    out.push(termElement(match.id, rest.slice(match.start, match.end)));
    rest = rest.slice(match.end);
  }
  if (out.length === 0) return [node];
  if (rest) out.push({ type: 'text', value: rest });
  return out;
}

type Parent = { children: RootContent[] };

function isJsx(node: RootContent): node is RootContent & { name: string | null } {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

/** What a walk over one lesson knows: the spellings to link, the entry ids, the terms used. */
interface Walk {
  needles: readonly Needle[];
  ids: ReadonlySet<string>;
  used: Set<string>;
  file: VFile | undefined;
}

/** Walks the tree in document order, linking first uses in prose only. */
function walk(parent: Parent, state: Walk): void {
  const { needles, ids, used, file } = state;
  const next: RootContent[] = [];
  for (const child of parent.children) {
    if (child.type === 'text') {
      next.push(...splitText(child, needles, used));
      continue;
    }
    if (isJsx(child) && child.name === 'Term') {
      // An explicit <Term id="…"> written by the author counts as the first use.
      const id = (child as MdxJsxTextElement).attributes.find(
        (a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'id',
      )?.value;
      if (typeof id !== 'string' || !ids.has(id)) {
        const start = child.position?.start;
        const where = `${file?.path ?? 'lesson'}:${start?.line ?? 0}:${start?.column ?? 0}`;
        throw new Error(
          `${where}: <Term> needs id="…" naming a glossary entry (content/glossary.yaml), got ${JSON.stringify(id ?? null)}`,
        );
      }
      used.add(id);
      next.push(child);
      continue;
    }
    const skip =
      SKIPPED_TYPES.has(child.type) || (isJsx(child) && !PROSE_TAGS.has(child.name ?? ''));
    if (!skip && 'children' in child) walk(child as Parent, state);
    next.push(child);
  }
  parent.children = next;
}

/**
 * Links the first use of each glossary term in a lesson's prose: the matching words become
 * `<Term id="…">words</Term>`, which shows the definition on hover and focus and links to the
 * glossary. Headings, code, math, links, tables, component attributes and the text of quick
 * checks and widgets are left alone; an explicit `<Term>` counts as the first use, and one
 * naming an unknown entry fails the build with file:line. The terms default to
 * content/glossary.yaml, read when the plugin is attached.
 */
export function remarkGlossary(terms: readonly GlossaryTerm[] = readGlossary()) {
  const needles = needlesOf(terms);
  const ids = new Set(terms.map((entry) => entry.id));
  return (tree: Root, file?: VFile) => {
    walk(tree as Parent, { needles, ids, used: new Set<string>(), file });
  };
}
