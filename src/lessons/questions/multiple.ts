/** Select-all-that-apply grading: the saved form of a selection and whether it is right. Pure. */

/** A selection of choice keys as saved: sorted, space-separated. */
export function selectionKey(keys: Iterable<string>): string {
  return [...new Set(keys)].sort().join(' ');
}

/** The keys of a saved selection. */
export function readSelection(saved: string): string[] {
  return saved.split(' ').filter((k) => k !== '');
}

/** Right only when exactly the correct choices are selected; also counts the misses. */
export function gradeSelection(
  selected: readonly string[],
  correct: readonly string[],
): { correct: boolean; missed: number; wrong: number } {
  const want = new Set(correct);
  const got = new Set(selected);
  const missed = [...want].filter((k) => !got.has(k)).length;
  const wrong = [...got].filter((k) => !want.has(k)).length;
  return { correct: missed === 0 && wrong === 0, missed, wrong };
}
