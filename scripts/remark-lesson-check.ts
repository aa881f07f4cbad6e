import type { Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import {
  CALLOUT_KINDS,
  lessonComponentNames,
  QUESTION_TAG_NAMES,
} from '../src/lessons/component-names.ts';
import { declaredWidgets } from './widget-declarations.ts';
import {
  loadCatalogResolver,
  resolveCatalogValueNode,
  type CatalogResolver,
} from './remark-catalog-value.ts';
import type { QuestionResolver } from '../src/lessons/questions/kinds/index.ts';
import { checkQuestionNode, loadQuestionResolver } from './remark-question-check.ts';

type JsxNode = MdxJsxFlowElement | MdxJsxTextElement;

/** A problem found in a lesson, with its place. */
export interface LessonProblem {
  line: number;
  column: number;
  message: string;
}

const WIDGET_TAG_NAMES = declaredWidgets().map((w) => w.tag);
const LESSON_COMPONENT_NAMES = lessonComponentNames(WIDGET_TAG_NAMES);
const known = new Set<string>(LESSON_COMPONENT_NAMES);
const widgetTags = new Set<string>(WIDGET_TAG_NAMES);
const questionTags = new Set<string>(QUESTION_TAG_NAMES);

/** Instance names a widget's URL prefix may carry: `race-b.tasks=…`. */
const INSTANCE_PATTERN = /^[a-z0-9]{1,16}$/;

function attr(node: JsxNode, name: string): { present: boolean; value: unknown } {
  const a = node.attributes.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
  if (!a) return { present: false, value: undefined };
  return { present: true, value: a.value };
}

/**
 * Finds every problem in a parsed lesson: tags the components map lacks, callouts of unknown
 * kind, questions without an id or with a repeated one, a question its kind's record rejects
 * (see checkQuestionNode: for a quick check, fewer than two choices, not exactly one correct
 * choice, a choice without an explanation, two choices with the same text), a widget
 * placed twice without distinct `instance` names (their settings would share one set of URL
 * keys), and a `<CatalogValue>` naming an id, figure or unit the hardware catalog lacks. Each
 * `<CatalogValue>` that resolves gets its text, kind and source added as props (see
 * remark-catalog-value.ts), so this also prepares the tree for compiling.
 */
export function findLessonProblems(
  tree: Root,
  catalog: CatalogResolver,
  questions: QuestionResolver,
): LessonProblem[] {
  const problems: LessonProblem[] = [];
  const ids = new Set<string>();
  const instances = new Set<string>();
  visit(tree, (n) => {
    if (n.type !== 'mdxJsxFlowElement' && n.type !== 'mdxJsxTextElement') return;
    const node = n as JsxNode;
    const name = node.name ?? '';
    // A problem of the element, or of one inside it (a question's <Choice>), at its place.
    const at = (message: string, where: JsxNode = node) =>
      problems.push({
        line: where.position?.start.line ?? 0,
        column: where.position?.start.column ?? 0,
        message,
      });
    if (!/^[A-Z]/.test(name)) return; // lower-case tags are plain HTML
    if (!known.has(name)) {
      at(
        `unknown component <${name}>: the components map has ${LESSON_COMPONENT_NAMES.join(', ')}`,
      );
      return;
    }
    if (widgetTags.has(name)) {
      const instance = attr(node, 'instance');
      const label = instance.present ? String(instance.value) : '';
      if (
        instance.present &&
        (typeof instance.value !== 'string' || !INSTANCE_PATTERN.test(label))
      ) {
        at(`<${name}> instance= must be 1-16 lowercase letters or digits`);
      } else if (instances.has(`${name}|${label}`)) {
        at(
          label
            ? `<${name} instance="${label}"> is used twice`
            : `<${name}> is placed twice: give the second one instance="b" (its own URL keys)`,
        );
      }
      instances.add(`${name}|${label}`);
    }
    if (name === 'Callout') {
      const kind = attr(node, 'kind');
      if (
        typeof kind.value !== 'string' ||
        !(CALLOUT_KINDS as readonly string[]).includes(kind.value)
      ) {
        at(`<Callout> needs kind= one of ${CALLOUT_KINDS.join(', ')}`);
      }
    }
    if (name === 'CatalogValue') {
      const problem = resolveCatalogValueNode(node, catalog);
      if (problem) at(problem);
    }
    if (questionTags.has(name)) {
      const id = attr(node, 'id');
      if (typeof id.value !== 'string' || id.value === '') at(`<${name}> needs a string id`);
      else if (ids.has(id.value)) at(`<${name}> id "${id.value}" is used twice`);
      else ids.add(id.value);
      checkQuestionNode(node, questions, at);
    }
  });
  return problems;
}

/**
 * Remark plugin: fails the MDX compile (and so the build, the dev server and the content tests)
 * with `file:line:column: message` for every problem findLessonProblems reports.
 */
export function remarkLessonCheck() {
  return async (tree: Root, file: { path?: string }) => {
    const problems = findLessonProblems(
      tree,
      await loadCatalogResolver(),
      await loadQuestionResolver(),
    );
    if (problems.length === 0) return;
    const where = file.path ?? '<lesson>';
    throw new Error(problems.map((p) => `${where}:${p.line}:${p.column}: ${p.message}`).join('\n'));
  };
}
