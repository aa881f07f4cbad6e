/** Whether the learner asked for less motion (the `prefers-reduced-motion` media query). */

/** True when the browser reports `prefers-reduced-motion: reduce`; false where it cannot tell. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
