/**
 * Loop instrumentation for learners' WGSL: before a kernel is compiled, every `for`, `while` and
 * `loop` body starts by counting its iterations, and a loop nest that passes the budget calls
 * `gpulab_out_of_budget()` (which raises a flag in a status buffer) and breaks out. An endless
 * loop then ends on the GPU instead of hanging the device, and the checker reports it.
 *
 * The counter is a function-scope `var` declared just before the outermost loop of a nest and
 * shared by the loops inside it, so a nest as a whole gets the budget (not budget^depth). It
 * starts at a constant and grows by one per iteration, so in a loop whose own control flow is
 * uniform it stays uniform, and a `workgroupBarrier()` in that loop still compiles.
 *
 * Text is only inserted, never moved across lines: a compiler message's line is the learner's
 * line, and `originalColumn` maps its column back. Comments (line and nested block) are skipped.
 */

/** Name of the function the instrumented code calls when a loop runs out of budget. */
export const OUT_OF_BUDGET_FN = 'gpulab_out_of_budget';
/** Name of the constant holding the iteration budget of one loop nest. */
export const BUDGET_CONST = 'gpulab_budget';
/** Prefix of the counters the instrumentation declares; learners' names must not start with it. */
export const COUNTER_PREFIX = 'gpulab_n';

/** One piece of inserted text, in the coordinates of the original code (1-based). */
export interface Insertion {
  line: number;
  /** The original column the text was inserted before. */
  column: number;
  /** Characters (UTF-16 code units) inserted. */
  length: number;
}

/** Instrumented code and where text went in. */
export interface Instrumented {
  code: string;
  insertions: readonly Insertion[];
  /** Loops instrumented. */
  loops: number;
}

const IDENT = /[A-Za-z0-9_]/;

/** Offsets of code outside comments: a function telling whether `offset` is in a comment. */
function commentMask(code: string): Uint8Array {
  const mask = new Uint8Array(code.length);
  let i = 0;
  while (i < code.length) {
    if (code.startsWith('//', i)) {
      while (i < code.length && code[i] !== '\n') mask[i++] = 1;
    } else if (code.startsWith('/*', i)) {
      let depth = 0;
      do {
        if (code.startsWith('/*', i)) {
          depth++;
          mask[i++] = 1;
          mask[i++] = 1;
        } else if (code.startsWith('*/', i)) {
          depth--;
          mask[i++] = 1;
          mask[i++] = 1;
        } else mask[i++] = 1;
      } while (depth > 0 && i < code.length);
    } else i++;
  }
  return mask;
}

/** The code with every comment replaced by spaces (newlines kept), for searches. */
export function withoutComments(code: string): string {
  const mask = commentMask(code);
  let out = '';
  for (let i = 0; i < code.length; i++) out += mask[i] && code[i] !== '\n' ? ' ' : code[i];
  return out;
}

/** The offset of the `{` opening the body of a loop whose keyword ends at `from`, or -1. */
function bodyBrace(code: string, from: number, keyword: string): number {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && keyword !== 'for') return -1;
    else if (c === '}') return -1;
    else if (c === '{' && depth <= 0) return i;
    if (depth < 0) return -1;
  }
  return -1;
}

/** The 1-based line and column of each offset, computed once. */
function positions(code: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/** Instruments every loop of `code` (see the file comment). Never throws. */
export function instrumentLoops(code: string): Instrumented {
  const clean = withoutComments(code);
  const at = positions(code);
  const inserts: Array<{ offset: number; text: string }> = [];
  /** Open loop bodies: the brace depth inside each, and the nest's counter. */
  const open: Array<{ depth: number; counter: string }> = [];
  let depth = 0;
  let counters = 0;
  let loops = 0;
  let i = 0;
  while (i < clean.length) {
    const c = clean[i]!;
    if (c === '{') {
      depth++;
      i++;
      continue;
    }
    if (c === '}') {
      if (open.length > 0 && open[open.length - 1]!.depth === depth) open.pop();
      depth--;
      i++;
      continue;
    }
    if (IDENT.test(c)) {
      let end = i;
      while (end < clean.length && IDENT.test(clean[end]!)) end++;
      const word = clean.slice(i, end);
      if (word === 'for' || word === 'while' || word === 'loop') {
        const brace = bodyBrace(clean, end, word);
        if (brace >= 0) {
          const nested = open.length > 0;
          const counter = nested ? open[0]!.counter : `${COUNTER_PREFIX}${counters++}`;
          if (!nested) inserts.push({ offset: i, text: `var ${counter}: u32 = 0u; ` });
          inserts.push({
            offset: brace + 1,
            text: ` ${counter} += 1u; if (${counter} > ${BUDGET_CONST}) { ${OUT_OF_BUDGET_FN}(); break; }`,
          });
          loops++;
          // Everything up to the brace belongs to the loop's header; resume at the brace.
          depth++;
          open.push({ depth, counter });
          i = brace + 1;
          continue;
        }
      }
      i = end;
      continue;
    }
    i++;
  }
  let out = '';
  let last = 0;
  const insertions: Insertion[] = [];
  for (const { offset, text } of inserts) {
    out += code.slice(last, offset) + text;
    last = offset;
    const { line, column } = at(offset);
    insertions.push({ line, column, length: text.length });
  }
  out += code.slice(last);
  return { code: out, insertions, loops };
}

/**
 * The original column of a column of the instrumented code's `line`: past insertions are
 * subtracted; a column inside inserted text maps to where it was inserted.
 */
export function originalColumn(
  insertions: readonly Insertion[],
  line: number,
  column: number,
): number {
  let shift = 0;
  const onLine = insertions.filter((x) => x.line === line).sort((a, b) => a.column - b.column);
  for (const insertion of onLine) {
    const start = insertion.column + shift;
    if (column < start) break;
    if (column < start + insertion.length) return insertion.column;
    shift += insertion.length;
  }
  return column - shift;
}
