/** The one argument check every size planner uses. */

/** Throws a RangeError unless `value` is an integer >= `min`. */
export function requireInteger(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer >= ${min}, got ${String(value)}`);
  }
}
