/** The WGSL puzzles as the class report counts them: ids and titles. */
import { PUZZLES } from '../puzzles/catalog';
import type { CoursePuzzle } from './report';

/** Every puzzle of the course, in order. */
export const COURSE_PUZZLES: readonly CoursePuzzle[] = PUZZLES.map((p) => ({
  id: p.id,
  title: p.title,
}));
