import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Choice, type ChoiceProps } from './Choice';
import { hashString } from './shuffle';

/** One choice as the quick check uses it. */
export interface ChoiceDef {
  /** The choice's identity: saved answers name it, so shuffling or reordering keeps them right. */
  key: string;
  content: ReactNode;
  correct: boolean;
  explanation: string;
}

/** The choices found among a quick check's children, and any other content (e.g. a code block). */
export interface QuickCheckParts {
  choices: ChoiceDef[];
  /** Raw explanation props, kept to validate them (a missing one is undefined). */
  explanations: unknown[];
  extra: ReactNode[];
}

type AnyElement = ReactElement<{ children?: ReactNode }>;

const isChoice = (node: ReactNode): node is ReactElement<ChoiceProps> =>
  isValidElement(node) && node.type === Choice;

/** Whether a node is, or holds at any depth, a `<Choice>` element. */
function holdsChoice(node: ReactNode): boolean {
  if (isChoice(node)) return true;
  if (!isValidElement(node)) return false;
  return Children.toArray((node as AnyElement).props.children).some(holdsChoice);
}

/** The text a learner reads in a node, whitespace collapsed ("Use `x`" reads "Use x"). */
export function nodeText(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(nodeText).join(' ');
  if (!isValidElement(node)) return '';
  const props = node.props as { children?: ReactNode; resolvedText?: unknown };
  // A catalog value has no children; its text is the resolved figure.
  if (typeof props.resolvedText === 'string') return props.resolvedText;
  return nodeText(props.children);
}

/** A choice's key: a hash of its text, so it survives reordering but not rewording. */
export function choiceKey(content: ReactNode): string {
  return `c${hashString(nodeText(content).replace(/\s+/g, ' ').trim()).toString(36)}`;
}

function collect(node: ReactNode, out: ReactElement<ChoiceProps>[]): void {
  Children.forEach(node, (child) => {
    if (isChoice(child)) out.push(child);
    else if (isValidElement(child)) collect((child as AnyElement).props.children, out);
  });
}

/**
 * Splits a quick check's children into its choices (found at any depth, since MDX may wrap them
 * in a paragraph) and the remaining content, ignoring whitespace between tags.
 */
export function readQuickCheckChildren(children: ReactNode): QuickCheckParts {
  const found: ReactElement<ChoiceProps>[] = [];
  collect(children, found);
  const extra = Children.toArray(children).filter(
    (c) => !holdsChoice(c) && !(typeof c === 'string' && c.trim() === ''),
  );
  const choices = found.map(({ props }) => ({
    key: choiceKey(props.children),
    content: props.children,
    // Like the build check, the attribute's presence marks the right answer (correct={false} aside).
    correct: props.correct !== undefined && props.correct !== false,
    explanation: typeof props.explanation === 'string' ? props.explanation : '',
  }));
  return { choices, explanations: found.map((c) => c.props.explanation), extra };
}

/** What is wrong with a quick check's definition, one phrase per problem; empty when it is fine. */
export function quickCheckProblems(
  id: unknown,
  question: unknown,
  parts: QuickCheckParts,
  multiple = false,
): string[] {
  const problems: string[] = [];
  if (typeof id !== 'string' || id.trim() === '') problems.push('it needs an id="..."');
  if (typeof question !== 'string' || question.trim() === '') {
    problems.push('it needs a question="..."');
  }
  const n = parts.choices.length;
  if (n < 2) problems.push(`it needs at least two <Choice>s (found ${n})`);
  const keys = parts.choices.map((c) => c.key);
  const twin = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (twin >= 0) problems.push(`choice ${twin + 1} has the same text as an earlier one`);
  const right = parts.choices.filter((c) => c.correct).length;
  if (multiple) {
    if (right < 1) problems.push('at least one <Choice correct> is needed');
  } else if (right !== 1) {
    problems.push(`exactly one <Choice correct> is needed (found ${right})`);
  }
  parts.explanations.forEach((e, i) => {
    if (typeof e !== 'string' || e.trim() === '') {
      problems.push(`choice ${i + 1} has no explanation="..."`);
    }
  });
  return problems;
}
