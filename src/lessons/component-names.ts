/**
 * The tags lessons may use besides widgets: the building blocks and the questions. Widget tags
 * come from the widget registry (src/widgets/registry.ts; at build time its declarations are
 * read by scripts/widget-declarations.ts). Pure data, so the build checks can import it. The
 * components map (components.tsx) provides exactly these tags plus the widgets'; the MDX build
 * check rejects any other capitalised tag with the file and line named.
 */

/** The building blocks' tags (text, code, catalog figures, glossary terms, practice). */
export const BLOCK_TAG_NAMES = [
  'Callout',
  'AnnotatedCode',
  'CatalogValue',
  'Term',
  'Practice',
  'Task',
] as const;

/** The question tags and the markers questions read from their children. */
export const QUESTION_COMPONENT_NAMES = [
  'QuickCheck',
  'Choice',
  'NumericCheck',
  'OrderCheck',
  'Step',
  'BugCheck',
  'PredictCheck',
] as const;

/** A block's or a question's tag. */
export type BlockOrQuestionName =
  (typeof BLOCK_TAG_NAMES)[number] | (typeof QUESTION_COMPONENT_NAMES)[number];

/** Every tag lessons may use, given the widgets' tags. */
export function lessonComponentNames(widgetTags: readonly string[]): string[] {
  return [...BLOCK_TAG_NAMES, ...QUESTION_COMPONENT_NAMES, ...widgetTags];
}

/** Callout kinds, the first three named by the course's style. */
export const CALLOUT_KINDS = ['best-practice', 'common-error', 'pitfall', 'note'] as const;
/** One callout kind. */
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

/** The question tags: each needs an id unique across a file (it keys the saved answer). */
export const QUESTION_TAG_NAMES = [
  'QuickCheck',
  'NumericCheck',
  'OrderCheck',
  'BugCheck',
  'PredictCheck',
] as const;
