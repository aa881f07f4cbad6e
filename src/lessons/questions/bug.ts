/** Find-the-bug questions: the snippet's lines and grading the picked line. Pure. */

/** The snippet's lines, without a leading or trailing blank line from the template literal. */
export function codeLines(code: string): string[] {
  const lines = code.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

/** What is wrong with a bug question's code and line (1-based), one phrase each; empty if fine. */
export function bugProblems(code: unknown, line: unknown): string[] {
  if (typeof code !== 'string' || codeLines(code).length < 2) {
    return ['it needs code={`…`} with at least two lines'];
  }
  const n = codeLines(code).length;
  if (typeof line !== 'number' || !Number.isInteger(line) || line < 1 || line > n) {
    return [`line= must be a line number from 1 to ${n}`];
  }
  return [];
}

/** Whether the picked line (1-based) is the buggy one. */
export function gradeLine(picked: number, buggy: number): boolean {
  return picked === buggy;
}
