/**
 * The tags lessons may use besides widgets: the building blocks, and the questions with their
 * markers (from the question kinds' records, src/lessons/questions/kinds). Widget tags come from
 * the widget registry (src/widgets/registry.ts; at build time its declarations are read by
 * scripts/widget-declarations.ts). Pure data, so the build checks can import it. The components
 * map (components.tsx) provides exactly these tags plus the widgets'; the MDX build check rejects
 * any other capitalised tag with the file and line named.
 */
import {
  QUESTION_COMPONENT_NAMES,
  type QuestionMarker,
  type QuestionTag,
} from './questions/kinds/index.ts';

/** The building blocks' tags (text, code, catalog figures, glossary terms, practice). */
export const BLOCK_TAG_NAMES = [
  'Callout',
  'AnnotatedCode',
  'CatalogValue',
  'Term',
  'Practice',
  'Task',
] as const;

/** A block's or a question's tag (or a marker questions read from their children). */
export type BlockOrQuestionName = (typeof BLOCK_TAG_NAMES)[number] | QuestionTag | QuestionMarker;

/** Every tag lessons may use, given the widgets' tags. */
export function lessonComponentNames(widgetTags: readonly string[]): string[] {
  return [...BLOCK_TAG_NAMES, ...QUESTION_COMPONENT_NAMES, ...widgetTags];
}

/** Callout kinds, the first three named by the course's style. */
export const CALLOUT_KINDS = ['best-practice', 'common-error', 'pitfall', 'note'] as const;
/** One callout kind. */
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

/** The question tags: each needs an id unique across a file (it keys the saved answer). */
export { QUESTION_TAG_NAMES } from './questions/kinds/index.ts';
