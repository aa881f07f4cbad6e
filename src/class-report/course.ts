/** The puzzles as the class report counts them: ids (Triton ones as their marks) and titles. */
import { PUZZLES } from '../puzzles/catalog';
import { TRITON_PUZZLES } from '../triton/puzzles/index';
import type { CoursePuzzle } from './report';

/** Every WGSL puzzle of the course, in order. */
export const COURSE_PUZZLES: readonly CoursePuzzle[] = PUZZLES.map((p) => ({
  id: p.id,
  title: p.title,
}));

/** Every Triton puzzle, by the mark a pass leaves in progress files (`triton:<id>`). */
export const COURSE_TRITON_PUZZLES: readonly CoursePuzzle[] = TRITON_PUZZLES.map((p) => ({
  id: `triton:${p.id}`,
  title: p.title,
}));
