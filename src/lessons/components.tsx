import type { MDXComponents } from 'mdx/types';
import type { LessonComponentName } from './component-names';
import { Callout } from './blocks/Callout';
import { AnnotatedCode } from './blocks/AnnotatedCode';
import { CodeBlock } from './blocks/CodeBlock';
import { CatalogValue } from './blocks/CatalogValue';
import { Term } from './blocks/Term';
// The questions load with a lesson's first question, not with the app (see lazy-questions.tsx).
import { questionTags } from './blocks/lazy-questions';
import { Practice, Task } from './blocks/Practice';
import { lessonWidgetTags } from '../widgets/registry';

const {
  Race,
  AmdahlPlot,
  Explorer,
  SpecTable,
  TorchConsole,
  TransferSimulator,
  MemorySimulator,
  MemorySnapshot,
  PrecisionExplorer,
  DeviceCard,
  KernelLab,
  Crossover,
  NetworkProfile,
  AsyncTiming,
  DataParallel,
} = lessonWidgetTags();

/** Every tag a lesson may use, by name (see component-names.ts for the list). */
export const lessonTags: Record<LessonComponentName, MDXComponents[string]> = {
  Callout,
  AnnotatedCode,
  ...questionTags,
  CatalogValue,
  Term,
  Race,
  AmdahlPlot,
  Explorer,
  SpecTable,
  Practice,
  Task,
  TorchConsole,
  TransferSimulator,
  MemorySimulator,
  MemorySnapshot,
  PrecisionExplorer,
  DeviceCard,
  KernelLab,
  Crossover,
  NetworkProfile,
  AsyncTiming,
  DataParallel,
};

/** The one components map given to every lesson: the tags plus HTML overrides. */
export const lessonComponents: MDXComponents = {
  ...lessonTags,
  pre: CodeBlock,
  table: (props) => (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Table">
      <table {...props} />
    </div>
  ),
};
