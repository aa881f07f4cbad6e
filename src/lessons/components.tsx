import type { ComponentType } from 'react';
import type { MDXComponents } from 'mdx/types';
import type { BlockOrQuestionName } from './component-names';
import { Callout } from './blocks/Callout';
import { AnnotatedCode } from './blocks/AnnotatedCode';
import { CodeBlock } from './blocks/CodeBlock';
import { CatalogValue } from './blocks/CatalogValue';
import { Term } from './blocks/Term';
// The questions load with a lesson's first question, not with the app (see lazy-questions.tsx).
import { questionTags } from './blocks/lazy-questions';
import { Practice, Task } from './blocks/Practice';
import { lazyWidget } from '../ui/frame/lazyWidget';
import { WIDGETS, type WidgetTag } from '../widgets/registry';
import { ScrollRegion } from '../ui/ScrollRegion';

/** Every widget by tag: its code in its own chunk, a placeholder of its height meanwhile. */
const widgetTags = Object.fromEntries(
  WIDGETS.map((widget) => [widget.tag, lazyWidget<Record<string, unknown>>(widget.load, widget)]),
) as Record<WidgetTag, ComponentType<Record<string, unknown>>>;

/** Every tag a lesson may use, by name: the blocks, the questions (component-names.ts) and the widgets. */
export const lessonTags: Record<BlockOrQuestionName | WidgetTag, MDXComponents[string]> = {
  Callout,
  AnnotatedCode,
  CatalogValue,
  Term,
  Practice,
  Task,
  ...questionTags,
  ...widgetTags,
};

/** The one components map given to every lesson: the tags plus HTML overrides. */
export const lessonComponents: MDXComponents = {
  ...lessonTags,
  pre: CodeBlock,
  table: (props) => (
    <ScrollRegion className="table-scroll" label="Table">
      <table {...props} />
    </ScrollRegion>
  ),
};
