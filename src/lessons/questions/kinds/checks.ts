/** Build checks that several question kinds share. Pure. */
import type { QuestionCheckContext, QuestionElement } from './types.ts';

/** Whether a value is text with something in it. */
export const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** Reports `<Tag> needs a question="..."` (or an explanation) unless the prop is non-blank text. */
export function requireText(
  element: QuestionElement,
  { report }: QuestionCheckContext,
  name: 'question' | 'explanation',
): void {
  if (!isText(element.prop(name).value)) {
    report(`<${element.tag}> needs ${name === 'question' ? 'a' : 'an'} ${name}="..."`);
  }
}

/**
 * Checks a choice question's `<Choice>`s: at least two, no two with the same text, exactly one
 * marked `correct` (at least one when `multiple`), and an explanation on each.
 */
export function checkChoices(
  element: QuestionElement,
  { report }: QuestionCheckContext,
  multiple: boolean,
): void {
  const name = element.tag;
  const choices = element.descendants('Choice');
  if (choices.length < 2)
    report(`<${name}> needs at least two <Choice>s (found ${choices.length})`);
  const texts = choices.map((c) => c.text());
  const repeated = texts.find((t, i) => texts.indexOf(t) !== i);
  if (repeated !== undefined) report(`<${name}> has two choices with the same text "${repeated}"`);
  const correct = choices.filter((c) => c.prop('correct').present).length;
  if (multiple) {
    if (correct < 1) report(`<${name} multiple> needs at least one <Choice correct>`);
  } else if (correct !== 1) {
    report(`<${name}> needs exactly one <Choice correct> (found ${correct})`);
  }
  for (const c of choices) {
    if (typeof c.prop('explanation').value !== 'string') {
      report('<Choice> needs an explanation="..." saying why it is right or wrong', c);
    }
  }
}
