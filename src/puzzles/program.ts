/**
 * A puzzle's program: the fixed header the puzzle declares (constants, the `Size` uniform, its
 * buffers), then the learner's code with its loops instrumented, then the checker's own footer
 * (the status buffer and the out-of-budget function). Compiler positions map back to the region
 * they fall in: the header, the learner's code (their own line and column), or the footer.
 */
import {
  BUDGET_CONST,
  instrumentLoops,
  originalColumn,
  OUT_OF_BUDGET_FN,
  type Insertion,
} from './instrument';
import type { Puzzle, PuzzleBuffer } from './types';

/** Binding of the `Size` uniform. */
export const SIZE_BINDING = 0;
/** Binding of the checker's status buffer (word 0: 1 when a loop ran out of budget). */
export const STATUS_BINDING = 7;
/** Words in the status buffer. */
export const STATUS_WORDS = 4;
/** Iterations one loop nest of one invocation may run before it is stopped. */
export const LOOP_BUDGET = 1 << 16;
/** The entry point every puzzle's kernel is called by. */
export const ENTRY_POINT = 'main';

/** The WGSL declaration of one buffer. */
export function bufferDeclaration(buffer: PuzzleBuffer): string {
  const element = buffer.atomic ? `atomic<${buffer.element}>` : buffer.element;
  const access = buffer.role === 'input' ? 'read' : 'read_write';
  return `@group(0) @binding(${buffer.binding}) var<storage, ${access}> ${buffer.name}: array<${element}>;`;
}

/** The header the learner's code sits under, one declaration a line. */
export function puzzleHeader(puzzle: Puzzle): string {
  const lines = [
    ...Object.entries(puzzle.constants).map(([name, value]) => `const ${name}: u32 = ${value}u;`),
    `struct Size { ${puzzle.sizeFields.map((f) => `${f}: u32`).join(', ')} }`,
    `@group(0) @binding(${SIZE_BINDING}) var<uniform> size: Size;`,
    ...puzzle.buffers.map(bufferDeclaration),
  ];
  return lines.join('\n');
}

/** The checker's footer: not shown to the learner. */
export function puzzleFooter(): string {
  return [
    `@group(0) @binding(${STATUS_BINDING}) var<storage, read_write> gpulab_status: array<u32>;`,
    `const ${BUDGET_CONST}: u32 = ${LOOP_BUDGET}u;`,
    `fn ${OUT_OF_BUDGET_FN}() { gpulab_status[0] = 1u; }`,
  ].join('\n');
}

/** Where a position of the assembled program lies. */
export type ProgramPosition =
  | { region: 'learner'; line: number; column: number }
  | { region: 'header' | 'footer'; line: number; column: number };

/** A program ready to compile, and how to map its positions back. */
export interface AssembledProgram {
  code: string;
  /** Lines of the header (the learner's line 1 is the program's line headerLines + 1). */
  headerLines: number;
  /** Lines of the learner's code. */
  learnerLines: number;
  insertions: readonly Insertion[];
  /** Loops instrumented. */
  loops: number;
}

/** Lines in a text (a text without newlines is one line). */
function lineCount(text: string): number {
  return text.split('\n').length;
}

/** Assembles header, instrumented learner code and footer (see the file comment). */
export function assembleProgram(puzzle: Puzzle, learnerCode: string): AssembledProgram {
  const header = puzzleHeader(puzzle);
  const instrumented = instrumentLoops(learnerCode);
  return {
    code: `${header}\n${instrumented.code}\n${puzzleFooter()}\n`,
    headerLines: lineCount(header),
    learnerLines: lineCount(learnerCode),
    insertions: instrumented.insertions,
    loops: instrumented.loops,
  };
}

/** Maps a 1-based line and column of the assembled program to the region it lies in. */
export function mapPosition(
  program: AssembledProgram,
  line: number,
  column: number,
): ProgramPosition {
  if (line <= program.headerLines) return { region: 'header', line, column };
  const learnerLine = line - program.headerLines;
  if (learnerLine <= program.learnerLines) {
    return {
      region: 'learner',
      line: learnerLine,
      column: originalColumn(program.insertions, learnerLine, column),
    };
  }
  return { region: 'footer', line: learnerLine - program.learnerLines, column };
}
