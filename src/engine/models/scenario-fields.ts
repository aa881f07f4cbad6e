/**
 * Readers for the fields of a scenario object (parsed JSON): each returns the field with its
 * type, or throws a RangeError naming the field and what it held instead.
 */

/** The number at `key`. */
export function num(scenario: Record<string, unknown>, key: string): number {
  const value = scenario[key];
  if (typeof value !== 'number') {
    throw new RangeError(`${key} must be a number, got ${describeValue(value)}`);
  }
  return value;
}

/** The number at `key`, or undefined when the key is absent. */
export function optionalNum(scenario: Record<string, unknown>, key: string): number | undefined {
  return scenario[key] === undefined ? undefined : num(scenario, key);
}

/** The string at `key`. */
export function str(scenario: Record<string, unknown>, key: string): string {
  const value = scenario[key];
  if (typeof value !== 'string') {
    throw new RangeError(`${key} must be a string, got ${describeValue(value)}`);
  }
  return value;
}

/** The string at `key`, or undefined when the key is absent. */
export function optionalStr(scenario: Record<string, unknown>, key: string): string | undefined {
  return scenario[key] === undefined ? undefined : str(scenario, key);
}

/** A short description of a JSON value for an error message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}
