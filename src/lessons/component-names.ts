import { QUESTION_COMPONENT_NAMES } from './questions/kinds/index.ts';

/**
 * The tags lessons may use (the question tags and their markers come from the question kinds'
 * records, src/lessons/questions/kinds). The components map (components.tsx) provides exactly these; the MDX
 * build check rejects any other capitalised tag with the file and line named.
 */
export const LESSON_COMPONENT_NAMES = [
  'Callout',
  'AnnotatedCode',
  ...QUESTION_COMPONENT_NAMES,
  'CatalogValue',
  'Term',
  'Race',
  'AmdahlPlot',
  'Explorer',
  'SpecTable',
  'Practice',
  'Task',
  'TorchConsole',
  'TransferSimulator',
  'MemorySimulator',
  'MemorySnapshot',
  'PrecisionExplorer',
  'DeviceCard',
  'KernelLab',
  'Crossover',
  'NetworkProfile',
  'AsyncTiming',
  'DataParallel',
] as const;

/** The tags that place a widget (each has a state schema and a Share link on the page). */
export const WIDGET_TAG_NAMES = [
  'Race',
  'AmdahlPlot',
  'Explorer',
  'SpecTable',
  'TorchConsole',
  'TransferSimulator',
  'MemorySimulator',
  'MemorySnapshot',
  'PrecisionExplorer',
  'DeviceCard',
  'KernelLab',
  'Crossover',
  'NetworkProfile',
  'AsyncTiming',
  'DataParallel',
] as const;

/** One of the tags lessons may use. */
export type LessonComponentName = (typeof LESSON_COMPONENT_NAMES)[number];

/** Callout kinds, the first three named by the course's style. */
export const CALLOUT_KINDS = ['best-practice', 'common-error', 'pitfall', 'note'] as const;
/** One callout kind. */
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

/** The question tags: each needs an id unique across a file (it keys the saved answer). */
export { QUESTION_TAG_NAMES } from './questions/kinds/index.ts';
