/**
 * A signal for settings whose allowed values can change while a page is open: an enum field's
 * `values` function may answer differently later (the learner enters or removes their own
 * machine, and every GPU list gains or loses "My machine"). Whoever changes such values calls
 * `choicesChanged()`; every widget's settings are then checked again (useWidgetState), so a
 * value that is no longer allowed is replaced with a notice and the lists render afresh.
 */

const listeners = new Set<() => void>();

/** Tells every listener that some fields' allowed values changed. */
export function choicesChanged(): void {
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` after each change of allowed values; returns the unsubscribe function. */
export function onChoicesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
