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

/** Throws a RangeError naming `name` when `value` is not a finite number > 0. */
export function requirePositive(name: string, value: number): void {
  requireFinite(name, value);
  if (value <= 0) throw new RangeError(`${name} must be > 0, got ${value}`);
}

/** Throws a RangeError naming `name` unless `value` is a whole number from 0 to 2^53 - 1. */
export function requireNonNegativeInteger(name: string, value: number): void {
  requireFinite(name, value);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number from 0 to 2^53 - 1, got ${value}`);
  }
}

/** Throws a RangeError naming `name` unless `value` is a whole number from 1 to 2^53 - 1. */
export function requirePositiveInteger(name: string, value: number): void {
  requireFinite(name, value);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a whole number from 1 to 2^53 - 1, got ${value}`);
  }
}

/** Throws a RangeError naming `name` unless `value` is one of `allowed`; narrows its type. */
export function requireOneOf<T extends string>(
  name: string,
  value: unknown,
  allowed: readonly T[],
): asserts value is T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    const shown = typeof value === 'string' ? `"${value}"` : String(value);
    throw new RangeError(`${name} must be one of ${allowed.join(', ')}; got ${shown}`);
  }
}

/** Throws a RangeError naming `name` when `value` is not a boolean. */
export function requireBoolean(name: string, value: unknown): asserts value is boolean {
  if (typeof value !== 'boolean') {
    throw new RangeError(`${name} must be true or false, got ${String(value)}`);
  }
}

/**
 * Returns `value` after checking it is finite: the last guard on every number the engine hands
 * out, so NaN or Infinity from an overflow surfaces as an error naming the quantity instead.
 */
export function finiteResult(name: string, value: number): number {
  if (!Number.isFinite(value)) {
    throw new RangeError(`${name} came out as ${String(value)}; the input is too large to model`);
  }
  return value;
}
