/**
 * The shape of one question kind's record (see index.ts for the list). Pure: the build scripts
 * import the records in Node, so nothing here reaches React, the DOM or the engine at load time.
 */

import type { InteractionType } from '../../../embed/learning-events.ts';

/** The xAPI interaction types a question kind can map to (answered events carry it to xAPI). */
export type { InteractionType };

/** What the build check needs from the engine; loaded at run time by the remark check. */
export type QuestionResolver = typeof import('../build-resolver.ts');

/** One attribute as the build read it: absent, a literal value, or an expression it cannot read. */
export interface PropRead {
  present: boolean;
  /** The literal value (`true` for a bare attribute); undefined when absent or not a literal. */
  value: unknown;
  /** False for an expression that is not a plain literal. */
  literal: boolean;
}

/**
 * A question element (or one inside it) as the build check sees it; the remark check builds it
 * from the MDX tree (scripts/remark-question-check.ts).
 */
export interface QuestionElement {
  /** The tag as written: `QuickCheck`, `Choice`, … */
  readonly tag: string;
  /** Reads one attribute. */
  prop(name: string): PropRead;
  /** The elements named `tag` inside this one, at any depth, in source order. */
  descendants(tag: string): QuestionElement[];
  /** The plain text inside, whitespace collapsed (what a learner reads). */
  text(): string;
  /** Adds a string attribute to the compiled element (an answer computed at build time). */
  addProp(name: string, value: string): void;
}

/** What a kind's build check gets besides the element. */
export interface QuestionCheckContext {
  resolver: QuestionResolver;
  /** Reports a problem at the question's line, or at `where` (an element inside it). */
  report(message: string, where?: QuestionElement): void;
}

/** A question's props as its lazy placeholder reads them (before its code has loaded). */
export type QuestionProps = Readonly<Record<string, unknown>>;

/**
 * Everything the app and the build need to know about one question tag. `T` is the tag, `K` the
 * `data-kind` values its blocks write (and learning events carry), `M` the marker tags it reads
 * from its children.
 */
export interface QuestionKindRecord<
  T extends string = string,
  K extends string = string,
  M extends string = string,
> {
  /** The MDX tag authors write; also the export name of its block in blocks/question-blocks.ts. */
  tag: T;
  /** What a malformed-question alert calls it: "This numeric question is malformed: …". */
  noun: string;
  /** Each `data-kind` value the tag's blocks write, with its xAPI interaction type. */
  kinds: Readonly<Record<K, InteractionType>>;
  /** Tags read from its children (`<Choice>`, `<Step>`): eager markers lessons may also name. */
  markers: readonly M[];
  /**
   * Answer rows the loading placeholder reserves, from the props and a count of marker children
   * (so the page moves little when the block arrives).
   */
  placeholderRows(props: QuestionProps, count: (marker: M) => number): number;
  /**
   * The build check of its props, beyond the `id` and `teaches=` every question gets; reports
   * each problem, and may add props the build computes (NumericCheck's answer).
   */
  check(element: QuestionElement, context: QuestionCheckContext): void;
}

/** Declares one kind's record, keeping its tag, kinds and markers as literal types. */
export function defineQuestionKind<
  const T extends string,
  const K extends string,
  const M extends string = never,
>(record: QuestionKindRecord<T, K, M>): QuestionKindRecord<T, K, M> {
  return record;
}
