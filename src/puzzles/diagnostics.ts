/**
 * A compiler's messages about an assembled program, told in the learner's terms: an error in
 * their code names their own line and column; one in the fixed header or the checker's footer
 * says so (the header is the puzzle's, so such an error usually means a name clashes with it).
 */
import { mapPosition, type AssembledProgram } from './program';

/** A message as WebGPU's `GPUCompilationMessage` gives it (1-based; line 0: no position). */
export interface CompilerMessage {
  type: 'error' | 'warning' | 'info';
  lineNum: number;
  linePos: number;
  message: string;
}

/** A compiler message placed in the learner's code, or outside it. */
export interface Diagnostic {
  severity: 'error' | 'warning' | 'info';
  /** The learner's 1-based line and column, or null when the message is not about their code. */
  line: number | null;
  column: number | null;
  /** Where it is when not in the learner's code, in words; null when it is. */
  elsewhere: string | null;
  message: string;
}

/**
 * The learner's diagnostics for a compiler's messages: errors first, those in the learner's code
 * in line order before those elsewhere.
 */
export function diagnosticsFor(
  program: AssembledProgram,
  messages: readonly CompilerMessage[],
): Diagnostic[] {
  const out = messages.map((m): Diagnostic => {
    if (!(m.lineNum > 0)) {
      return { severity: m.type, line: null, column: null, elsewhere: null, message: m.message };
    }
    const where = mapPosition(program, m.lineNum, Math.max(1, m.linePos));
    if (where.region === 'learner') {
      return {
        severity: m.type,
        line: where.line,
        column: where.column,
        elsewhere: null,
        message: m.message,
      };
    }
    return {
      severity: m.type,
      line: null,
      column: null,
      elsewhere:
        where.region === 'header'
          ? `in the puzzle's fixed declarations (line ${where.line}); a name of yours may clash with one of them`
          : "in the checker's own code; a name of yours starting with gpulab_ may clash with it",
      message: m.message,
    };
  });
  const rank = { error: 0, warning: 1, info: 2 } as const;
  return out.sort(
    (a, b) =>
      rank[a.severity] - rank[b.severity] ||
      (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER),
  );
}

/** One diagnostic as a line of text: "line 3, column 7: error: …". */
export function describeDiagnostic(d: Diagnostic): string {
  const where =
    d.line !== null ? `line ${d.line}, column ${d.column ?? 1}` : (d.elsewhere ?? 'no position');
  return `${where}: ${d.severity}: ${d.message}`;
}
