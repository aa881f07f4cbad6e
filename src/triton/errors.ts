/**
 * Errors of the Triton runtime. Every failure is a TritonError: what kind of failure it is (a
 * syntax error, a construct outside the subset, a compile-time error Triton itself would raise,
 * a launch error, an error while the kernel runs, or a budget the interpreter enforces), the
 * source line when there is one, and a message that names the line first so a learner sees
 * where to look.
 */

/** What went wrong, in the order a kernel meets them. */
export type TritonErrorKind =
  /** The Python could not be read. */
  | 'syntax'
  /** Real Triton would run it, but it is outside the subset this runtime implements. */
  | 'unsupported'
  /** Triton's compiler would refuse it too (types, shapes, constexpr rules). */
  | 'compile'
  /** The launch is wrong: grid, arguments, tensors. */
  | 'launch'
  /** The kernel did something wrong while running (a load outside a tensor). */
  | 'runtime'
  /** The interpreter's own limits: loop iterations, block and grid sizes, memory. */
  | 'budget';

/** A failure of the Triton runtime, with the source line when one applies. */
export class TritonError extends Error {
  readonly kind: TritonErrorKind;
  /** 1-based source line, or null for a failure outside the kernel's source (a grid). */
  readonly line: number | null;
  /** A hint for the learner: what to do next. */
  readonly hint: string | undefined;

  constructor(kind: TritonErrorKind, line: number | null, detail: string, hint?: string) {
    super(line === null ? detail : `line ${line}: ${detail}`);
    this.name = 'TritonError';
    this.kind = kind;
    this.line = line;
    this.hint = hint;
  }
}

/** Something outside the subset, named, with its line. */
export function unsupported(line: number | null, construct: string, hint?: string): TritonError {
  return new TritonError(
    'unsupported',
    line,
    `${construct} is outside the Triton subset this runtime implements`,
    hint,
  );
}

/** A compile-time error, as Triton's compiler would raise it. */
export function compileError(line: number | null, detail: string, hint?: string): TritonError {
  return new TritonError('compile', line, detail, hint);
}

/** A syntax error. */
export function syntaxError(line: number, detail: string, hint?: string): TritonError {
  return new TritonError('syntax', line, detail, hint);
}

/** Formats a shape as `[16, 32]` (a scalar is `[]`). */
export function formatShape(shape: readonly number[]): string {
  return `[${shape.join(', ')}]`;
}

/** Turns anything thrown into a TritonError, so a bug of the runtime reaches a page as a message. */
export function asTritonError(thrown: unknown): TritonError {
  if (thrown instanceof TritonError) return thrown;
  const detail = thrown instanceof Error ? thrown.message : String(thrown);
  return new TritonError(
    'runtime',
    null,
    `the runtime could not run this (${detail})`,
    'This is a limit of the interpreter, not of your kernel.',
  );
}
