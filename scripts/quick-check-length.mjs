// Length bias in the single-answer questions of content/: how often the right choice is the
// unique longest one (a reader who always picks the longest answer would score that share).
// `npm run check:content` prints the share and fails above LENGTH_BIAS_LIMIT. A choice's length
// is the text a learner reads in it, whitespace collapsed; a question counts when it has one
// right answer (a <QuickCheck> without `multiple`, or a <PredictCheck>).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseMdxSource } from './mdx-tree.mjs';
import { visit } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';

/** The most the share may be, as a fraction: about a third. */
export const LENGTH_BIAS_LIMIT = 0.34;

/** The question tags that ask for one right choice. */
const SINGLE_ANSWER_TAGS = new Set(['QuickCheck', 'PredictCheck']);

const isJsx = (node) => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
const hasAttribute = (node, name) =>
  node.attributes.some((a) => a.type === 'mdxJsxAttribute' && a.name === name);
const stringAttribute = (node, name) => {
  const a = node.attributes.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
  return typeof a?.value === 'string' ? a.value : undefined;
};

/**
 * The single-answer questions of one MDX source, each with its choices' lengths and where the
 * right one stands: `longest` when it alone is the longest, `shortest` when it alone is the
 * shortest.
 */
export function singleAnswerQuestions(source) {
  const tree = parseMdxSource(source);
  const questions = [];
  visit(tree, (node) => {
    if (!isJsx(node) || !SINGLE_ANSWER_TAGS.has(node.name ?? '')) return;
    if (hasAttribute(node, 'multiple')) return;
    const choices = [];
    visit(node, (child) => {
      if (child !== node && isJsx(child) && child.name === 'Choice') {
        const text = toString(child).replace(/\s+/g, ' ').trim();
        choices.push({ length: text.length, correct: hasAttribute(child, 'correct') });
      }
    });
    const right = choices.filter((c) => c.correct);
    if (right.length !== 1 || choices.length < 2) return;
    const lengths = choices.map((c) => c.length);
    const { length } = right[0];
    const max = Math.max(...lengths);
    const min = Math.min(...lengths);
    questions.push({
      id: stringAttribute(node, 'id') ?? '(no id)',
      tag: node.name,
      line: node.position?.start.line ?? 0,
      lengths,
      rightIndex: choices.findIndex((c) => c.correct),
      longest: length === max && lengths.filter((l) => l === max).length === 1,
      shortest: length === min && lengths.filter((l) => l === min).length === 1,
    });
  });
  return questions;
}

/** Totals over files: how many single-answer questions, and how many give the answer away. */
export function lengthBias(files) {
  const rows = files.flatMap(({ file, source }) =>
    singleAnswerQuestions(source).map((q) => ({ file, ...q })),
  );
  const longest = rows.filter((r) => r.longest).length;
  const shortest = rows.filter((r) => r.shortest).length;
  return {
    rows,
    total: rows.length,
    longest,
    shortest,
    share: rows.length === 0 ? 0 : longest / rows.length,
  };
}

/** Every MDX file under `dir`, sorted, with its source. */
export function mdxFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.mdx')) out.push(path);
    }
  };
  walk(dir);
  return out.sort().map((path) => ({ file: path, source: readFileSync(path, 'utf8') }));
}

const percent = (x) => `${Math.round(x * 100)} %`;

/** The report's lines: one per file, then the total against the limit. */
export function lengthBiasReport(result, root, limit = LENGTH_BIAS_LIMIT) {
  const byFile = new Map();
  for (const r of result.rows) {
    const f = byFile.get(r.file) ?? { total: 0, longest: 0, ids: [] };
    f.total += 1;
    if (r.longest) {
      f.longest += 1;
      f.ids.push(r.id);
    }
    byFile.set(r.file, f);
  }
  const lines = [...byFile].map(
    ([file, f]) =>
      `  ${relative(root, file)}: ${f.longest} of ${f.total}${f.ids.length ? ` (${f.ids.join(', ')})` : ''}`,
  );
  lines.push(
    `quick checks: right answer is the unique longest choice in ${result.longest} of ${result.total} single-answer checks (${percent(result.share)}); limit ${percent(limit)}` +
      ` (unique shortest in ${result.shortest})`,
  );
  return lines;
}
