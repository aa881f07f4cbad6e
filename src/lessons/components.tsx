import type { MDXComponents } from 'mdx/types';
import type { LessonComponentName } from './component-names';
import { Callout } from './blocks/Callout';
import { AnnotatedCode } from './blocks/AnnotatedCode';
import { CodeBlock } from './blocks/CodeBlock';
import { QuickCheck, Choice } from './blocks/QuickCheck';
import { Practice, Task } from './blocks/Practice';
import { lazyWidget } from '../widgets/frame/lazyWidget';

const Race = lazyWidget(() => import('../widgets/race/RaceWidget'), {
  id: 'race',
  label: 'CPU vs GPU race',
  placeholderHeightPx: 520,
});

const AmdahlPlot = lazyWidget(() => import('../widgets/amdahl/AmdahlPlot'), {
  id: 'amdahl',
  label: "Amdahl's law plot",
  placeholderHeightPx: 420,
});

/** Every tag a lesson may use, by name (see component-names.ts for the list). */
export const lessonTags: Record<LessonComponentName, MDXComponents[string]> = {
  Callout,
  AnnotatedCode,
  QuickCheck,
  Choice,
  Race,
  AmdahlPlot,
  Practice,
  Task,
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
