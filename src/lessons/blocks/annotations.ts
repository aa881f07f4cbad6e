/** One note placed on a line of annotated code; `marker` numbers the notes 1, 2, 3 in line order. */
export interface LineNote {
  line: number;
  marker: number;
  text: string;
}

/** Notes that could be placed, and a sentence for each one that could not. */
export interface ReadNotesResult {
  notes: LineNote[];
  problems: string[];
}

/** Drops one blank first line and one blank last line (left by writing code={`...`} in MDX). */
export function trimBlankEnds(code: string): string {
  const lines = code.split(/\r?\n/);
  if (lines.length > 1 && lines[0]?.trim() === '') lines.shift();
  if (lines.length > 1 && lines[lines.length - 1]?.trim() === '') lines.pop();
  return lines.join('\n');
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a `{ lineNumber: note }` object against code of `lineCount` lines. Notes on lines that
 * do not exist, keys that are not line numbers, and empty notes become problems, never throws.
 */
export function readNotes(notes: unknown, lineCount: number): ReadNotesResult {
  if (notes === undefined || notes === null) return { notes: [], problems: [] };
  if (!isPlainObject(notes)) {
    return { notes: [], problems: ["notes must be an object such as {{ 2: 'what line 2 does' }}"] };
  }
  const placed: LineNote[] = [];
  const problems: string[] = [];
  const order = (key: string) => (Number.isNaN(Number(key)) ? Infinity : Number(key));
  const entries = Object.entries(notes).sort(([a], [b]) => order(a) - order(b));
  for (const [key, value] of entries) {
    const line = Number(key);
    if (!Number.isInteger(line)) {
      problems.push(`the note key "${key}" is not a line number`);
    } else if (line < 1 || line > lineCount) {
      const has = lineCount === 1 ? '1 line' : `${lineCount} lines`;
      problems.push(`there is a note for line ${line}, but the code has ${has}`);
    } else if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`the note for line ${line} is empty`);
    } else {
      placed.push({ line, marker: placed.length + 1, text: value });
    }
  }
  return { notes: placed, problems };
}
