/** Test set-up shared by the question blocks' tests: choices, steps and the blocks of a lesson. */
import type { MDXComponents } from 'mdx/types';
import { AnnotatedCode } from '../AnnotatedCode';
import { Callout } from '../Callout';
import { CatalogValue } from '../CatalogValue';
import { Choice } from '../Choice';
import { CodeBlock } from '../CodeBlock';
import { Practice, Task } from '../Practice';
import { QuickCheck } from '../QuickCheck';
import { Step } from '../Step';

/** `<Choice>`s for a test question: the first one right, each explained as "Why <its text>". */
export function choicesOf(right: string, ...wrong: string[]) {
  return [
    <Choice key={right} correct explanation={`Why ${right}`}>
      {right}
    </Choice>,
    ...wrong.map((text) => (
      <Choice key={text} explanation={`Why ${text}`}>
        {text}
      </Choice>
    )),
  ];
}

/** `<Step>`s for a test order question, in the right order. */
export function stepsOf(...texts: string[]) {
  return texts.map((text) => <Step key={text}>{text}</Step>);
}

/** A numeric question's props as the build leaves them: asked in `unit`, its answer `answer`. */
export function solvedNumeric(answer: number, unit = 'ms') {
  return {
    question: 'How long?',
    unit,
    tolerance: 0.1,
    explanation: 'It takes {answer}.',
    resolvedAnswer: String(answer),
    resolvedAnswerText: `${answer} ${unit}`,
  };
}

/**
 * The blocks as a lesson gets them (components.tsx), eagerly loaded, without the widgets: for
 * rendering MDX in tests.
 */
export const eagerBlocks: MDXComponents = {
  Callout,
  AnnotatedCode,
  QuickCheck,
  Choice,
  Practice,
  Task,
  CatalogValue,
  pre: CodeBlock,
};
