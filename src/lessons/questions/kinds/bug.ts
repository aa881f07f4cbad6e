import { codeLines } from '../bug.ts';
import { requireText } from './checks.ts';
import { defineQuestionKind, type QuestionCheckContext, type QuestionElement } from './types.ts';

/** `<BugCheck code={`…`} line={N} lineNotes={{…}}>`: each line of the snippet is a radio. */
export const bugCheck = defineQuestionKind({
  tag: 'BugCheck',
  noun: 'find-the-bug question',
  kinds: { bug: 'other' },
  markers: [],
  placeholderRows: (props) => (typeof props.code === 'string' ? props.code.split('\n').length : 1),
  check(element, context) {
    requireText(element, context, 'question');
    requireText(element, context, 'explanation');
    checkSnippet(element, context);
  },
});

function checkSnippet(element: QuestionElement, { report }: QuestionCheckContext) {
  const code = element.prop('code').value;
  const line = element.prop('line').value;
  if (typeof code !== 'string')
    return report('<BugCheck> needs code={`…`}, a plain template literal');
  const count = codeLines(code).length;
  if (count < 2) return report('<BugCheck> code needs at least two lines');
  if (typeof line !== 'number' || !Number.isInteger(line) || line < 1 || line > count) {
    return report(`<BugCheck> line={N} must be a line of the snippet, 1 to ${count}`);
  }
  const notes = element.prop('lineNotes');
  if (!notes.present) return;
  const value = notes.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return report('<BugCheck> lineNotes={{ 2: "…" }} must be an object of line number to note');
  }
  for (const [key, note] of Object.entries(value)) {
    const n = Number(key);
    if (!Number.isInteger(n) || n < 1 || n > count || typeof note !== 'string') {
      report(
        `<BugCheck> lineNotes has an entry for "${key}", not a line of the snippet with a text note`,
      );
    }
  }
}
