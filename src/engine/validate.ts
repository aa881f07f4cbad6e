/** Throws a RangeError naming `name` when `value` is not a finite number. */
export function requireFinite(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number, got ${String(value)}`);
  }
}

/** Throws a RangeError naming `name` when `value` is not a finite number >= 0. */
export function requireNonNegative(name: string, value: number): void {
  requireFinite(name, value);
  if (value < 0) throw new RangeError(`${name} must be >= 0, got ${value}`);
}
