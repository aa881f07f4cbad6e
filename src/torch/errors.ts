/**
 * Python exceptions as the console shows them. Every failure inside the interpreter is a
 * PyError: the exception type PyTorch or Python would raise, its message in their wording, and
 * a hint of ours that says what to do next. Anything the console does not implement raises a
 * NotSupported error instead of a crash.
 */

/** The exception types the console raises. */
export type PyErrorType =
  | 'SyntaxError'
  | 'NameError'
  | 'TypeError'
  | 'ValueError'
  | 'AttributeError'
  | 'IndexError'
  | 'RuntimeError'
  | 'AssertionError'
  | 'ZeroDivisionError'
  | 'ModuleNotFoundError'
  | 'ImportError'
  | 'torch.OutOfMemoryError'
  | 'NotSupported';

/** A Python exception raised by the console, with an optional hint for the learner. */
export class PyError extends Error {
  readonly pyType: PyErrorType;
  readonly hint: string | undefined;

  constructor(pyType: PyErrorType, message: string, hint?: string) {
    super(message);
    this.name = 'PyError';
    this.pyType = pyType;
    this.hint = hint;
  }

  /** The line Python prints last in a traceback, e.g. `NameError: name 'x' is not defined`. */
  get display(): string {
    if (this.pyType === 'NotSupported') return `Not supported here: ${this.message}`;
    return `${this.pyType}: ${this.message}`;
  }
}

/** A RuntimeError with PyTorch's wording. */
export function runtimeError(message: string, hint?: string): PyError {
  return new PyError('RuntimeError', message, hint);
}

/** A TypeError with Python's or PyTorch's wording. */
export function typeError(message: string, hint?: string): PyError {
  return new PyError('TypeError', message, hint);
}

/** A ValueError. */
export function valueError(message: string, hint?: string): PyError {
  return new PyError('ValueError', message, hint);
}

/** A SyntaxError for input the parser cannot read. */
export function syntaxError(message: string, hint?: string): PyError {
  return new PyError('SyntaxError', message, hint);
}

/** The message for something real Python would run but this console does not. */
export function notSupported(what: string, hint?: string): PyError {
  return new PyError(
    'NotSupported',
    `${what} is outside the small part of Python and PyTorch this console simulates.`,
    hint ??
      'It runs one statement at a time: imports, assignments, torch device calls, tensor creation, .to()/.cuda()/.cpu(), arithmetic, @ and nn.Linear. Type help() for the list.',
  );
}

/** Turns anything thrown into a PyError, so a bug in the console never escapes as a crash. */
export function asPyError(thrown: unknown): PyError {
  if (thrown instanceof PyError) return thrown;
  const detail = thrown instanceof Error ? thrown.message : String(thrown);
  return new PyError(
    'NotSupported',
    `the console could not evaluate this (${detail}).`,
    'This is a limit of the simulator, not of your code. Try a simpler statement.',
  );
}
