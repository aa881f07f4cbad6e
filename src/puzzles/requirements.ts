/**
 * What a puzzle asks the kernel to use (workgroup memory, a barrier, atomics), checked in the
 * learner's text with comments left out, so a kernel that reaches the right numbers another
 * way is told what the puzzle is practising.
 */
import { withoutComments } from './instrument';
import type { Puzzle } from './types';

/** The messages of the puzzle's requirements the code does not meet, in the puzzle's order. */
export function unmetRequirements(puzzle: Puzzle, code: string): string[] {
  const text = withoutComments(code);
  return (puzzle.requires ?? []).filter((r) => !r.pattern.test(text)).map((r) => r.message);
}
