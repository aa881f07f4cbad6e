/** The f32 buffers most puzzles declare, as one line each. */
import type { PuzzleBuffer, PuzzleSizes } from '../types';
import { field } from './shared';

/** Elements a buffer holds: the product of the size fields `of` (`['n']`, `['rows', 'cols']`). */
function lengthOf(of: readonly string[]): (size: PuzzleSizes) => number {
  return (size) => of.reduce((product, name) => product * field(size, name), 1);
}

/** An f32 input at `binding` holding the product of the size fields `of`, `note` saying what. */
export function f32Input(
  binding: number,
  name: string,
  of: readonly string[],
  note: string,
): PuzzleBuffer {
  return { binding, name, element: 'f32', role: 'input', note, length: lengthOf(of) };
}

/** An f32 output like `f32Input`'s, filled with the checker's marker before each run. */
export function f32Output(
  binding: number,
  name: string,
  of: readonly string[],
  note: string,
): PuzzleBuffer {
  return {
    binding,
    name,
    element: 'f32',
    role: 'output',
    note,
    length: lengthOf(of),
    initial: 'fill',
  };
}
