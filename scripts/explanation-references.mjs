// Explanations that stand on their own: a question's explanation is read beside the question
// alone as often as in its lesson (the knowledge check's review of missed questions, a question
// embedded in another site, the answer's feedback), so it must not point at something around it
// ("the figures above", "the table", "as the widget shows"). This finds such phrases in every
// explanation of content/ (a question's `explanation=`, each <Choice>'s, a <BugCheck>'s
// `lineNotes`); `npm run check:content` and a unit test fail on any.
import { parseMdxSource } from './mdx-tree.mjs';

/** Parts of a page: a figure, a table, a widget and its controls. */
const PAGE_PARTS =
  'figures?|tables?|charts?|plots?|diagrams?|widgets?|simulators?|explorers?|sliders?|panels?|screenshots?';
/** What such a part shows, which "above" or "below" would point at. */
const SHOWN = `${PAGE_PARTS}|graphs?|curves?|lanes?|bars?|snippets?|listings?|outputs?|results?|numbers|values|times|readings|measurements`;

/** The phrases that point at the page around an explanation, each with why. */
export const PAGE_REFERENCES = [
  {
    pattern: new RegExp(String.raw`\b(?:${SHOWN})\s+(?:above|below|on (?:this|the) page)\b`, 'i'),
    why: 'points at something above or below it',
  },
  {
    pattern:
      /\b(?:shown|seen|listed|plotted|drawn|given|described|see)\s+(?:above|below|earlier)\b/i,
    why: 'points at something elsewhere on the page',
  },
  {
    pattern: /\b(?:above|below)\s*[,.;:)]/i,
    why: 'ends on "above" or "below", which points at the page',
  },
  {
    pattern: new RegExp(
      String.raw`\bas (?:the|this|that) (?:[\w-]+ )?(?:${SHOWN}|race|lab)\s+(?:shows?|showed|draws?|plots?|says)\b`,
      'i',
    ),
    why: 'leans on a widget or figure the reader may not see',
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:the|these|those|this|that)\s+(?:spec\s+)?(?:${PAGE_PARTS})\b`,
      'i',
    ),
    why: 'names a figure, table or widget the reader may not see',
  },
  {
    pattern: /\bthese (?:figures|numbers|times|results|values|readings|measurements)\b/i,
    why: 'points at figures shown beside it',
  },
  {
    pattern: /\b(?:on this page|this page|scroll (?:up|down)|earlier on)\b/i,
    why: 'points at the page around it',
  },
];

const isJsx = (node) => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

/** The string values inside a literal expression's source: an object's values, as written. */
function stringsOf(expression) {
  const out = [];
  const body = expression?.data?.estree?.body?.[0];
  const walk = (node) => {
    if (!node || typeof node !== 'object') return;
    if (node.type === 'Literal' && typeof node.value === 'string') out.push(node.value);
    // An object's keys ("3": ...) are line numbers, not text: only its values are read.
    if (node.type === 'Property') return walk(node.value);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'range') continue;
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') walk(value);
    }
  };
  walk(body);
  return out;
}

/**
 * Every explanation of one MDX source: a question's or choice's `explanation="..."` and the notes
 * of a `lineNotes={{...}}`, with the tag, the question's id and the line.
 */
export function explanationsIn(source) {
  const tree = parseMdxSource(source);
  const found = [];
  const walk = (node, questionId) => {
    let id = questionId;
    if (isJsx(node)) {
      const idAttr = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'id');
      if (typeof idAttr?.value === 'string') id = idAttr.value;
      for (const a of node.attributes) {
        if (a.type !== 'mdxJsxAttribute') continue;
        const line = node.position?.start.line ?? 0;
        if (a.name === 'explanation' && typeof a.value === 'string') {
          found.push({ tag: node.name ?? '', id: id ?? '(no id)', line, text: a.value });
        } else if (a.name === 'explanation' || a.name === 'lineNotes') {
          for (const text of stringsOf(a.value))
            found.push({ tag: node.name ?? '', id: id ?? '(no id)', line, text });
        }
      }
    }
    for (const child of node.children ?? []) walk(child, id);
  };
  walk(tree, undefined);
  return found;
}

/** The explanations of some files that point at the page around them, each with why. */
export function pageReferences(files) {
  const problems = [];
  for (const { file, source } of files) {
    for (const e of explanationsIn(source)) {
      for (const { pattern, why } of PAGE_REFERENCES) {
        const match = pattern.exec(e.text);
        if (match) {
          problems.push({ file, line: e.line, id: e.id, tag: e.tag, phrase: match[0], why });
          break;
        }
      }
    }
  }
  return problems;
}
