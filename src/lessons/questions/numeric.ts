/**
 * Numeric answers: the units a question may ask in, reading what a learner types ("43 ms",
 * "0.043 s", "43"), and grading it against the engine's answer within a relative tolerance.
 * Pure; used by the build check and by the NumericCheck view.
 */

/** What a unit measures; a typed unit must measure the same thing as the question's. */
export type UnitFamily = 'time' | 'size' | 'rate' | 'count' | 'ratio';

interface UnitDef {
  family: UnitFamily;
  /** Multiply a value in this unit by this to get SI (seconds, bytes, bytes/s, 1). */
  toSi: number;
}

const UNITS: Record<string, UnitDef> = {
  s: { family: 'time', toSi: 1 },
  ms: { family: 'time', toSi: 1e-3 },
  us: { family: 'time', toSi: 1e-6 },
  µs: { family: 'time', toSi: 1e-6 },
  μs: { family: 'time', toSi: 1e-6 },
  ns: { family: 'time', toSi: 1e-9 },
  B: { family: 'size', toSi: 1 },
  KB: { family: 'size', toSi: 1e3 },
  MB: { family: 'size', toSi: 1e6 },
  GB: { family: 'size', toSi: 1e9 },
  TB: { family: 'size', toSi: 1e12 },
  KiB: { family: 'size', toSi: 2 ** 10 },
  MiB: { family: 'size', toSi: 2 ** 20 },
  GiB: { family: 'size', toSi: 2 ** 30 },
  TiB: { family: 'size', toSi: 2 ** 40 },
  'B/s': { family: 'rate', toSi: 1 },
  'MB/s': { family: 'rate', toSi: 1e6 },
  'GB/s': { family: 'rate', toSi: 1e9 },
  'TB/s': { family: 'rate', toSi: 1e12 },
  'GiB/s': { family: 'rate', toSi: 2 ** 30 },
  x: { family: 'ratio', toSi: 1 },
  '%': { family: 'ratio', toSi: 0.01 },
  '': { family: 'count', toSi: 1 },
};

/** Other spellings a learner may type, mapped to a unit above. */
const ALIASES: Record<string, string> = {
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
  msec: 'ms',
  millisecond: 'ms',
  milliseconds: 'ms',
  microsecond: 'us',
  microseconds: 'us',
  nanosecond: 'ns',
  nanoseconds: 'ns',
  byte: 'B',
  bytes: 'B',
  '×': 'x',
  times: 'x',
};

/** The units a question may name, for messages. */
export const QUESTION_UNITS = Object.keys(UNITS).filter((u) => u !== '' && u !== 'μs');

/** The unit a name means (exact, then an alias, then ignoring case), or undefined. */
function lookUp(name: string): (UnitDef & { name: string }) | undefined {
  const exact = UNITS[name] ? name : ALIASES[name];
  const byCase =
    exact ??
    Object.keys(UNITS).find((u) => u.toLowerCase() === name.toLowerCase()) ??
    ALIASES[name.toLowerCase()];
  if (byCase === undefined) return undefined;
  const def = UNITS[byCase];
  return def ? { ...def, name: byCase } : undefined;
}

/** The family of a unit a question names, or undefined when the unit is unknown. */
export function unitFamily(unit: string): UnitFamily | undefined {
  return UNITS[unit]?.family;
}

/** The unit family of each engine answer field a numeric question may ask about. */
export const FIELD_FAMILIES: Record<string, UnitFamily> = {
  seconds: 'time',
  bytes: 'size',
  largestBatch: 'count',
  scalingEfficiency: 'ratio',
};

/** Converts an SI value into a question's unit. */
export function fromSi(valueSi: number, unit: string): number {
  return valueSi / (UNITS[unit]?.toSi ?? 1);
}

/** A value in a unit, written with three significant digits ("43.2 ms"). */
export function formatInUnit(value: number, unit: string): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const text = value.toFixed(Math.abs(value) < 1 && value !== 0 ? 3 : digits);
  if (unit === '') return text;
  return unit === '%' || unit === 'x' ? `${text}${unit === 'x' ? '×' : '%'}` : `${text} ${unit}`;
}

/** What a learner typed, read: a value in the question's unit, or why it could not be read. */
export type TypedAnswer = { ok: true; value: number } | { ok: false; message: string };

const NUMBER = /^([+-]?(?:\d[\d,_]*(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*(.*)$/i;

/**
 * Reads a typed answer for a question asked in `unit`: a number, optionally followed by a unit
 * of the same kind ("0.043 s" for a question in ms). No unit means the question's own.
 */
export function readTypedAnswer(typed: string, unit: string): TypedAnswer {
  const text = typed.trim();
  if (text === '') return { ok: false, message: 'Type a number first.' };
  const m = NUMBER.exec(text);
  if (!m) {
    return {
      ok: false,
      message: `"${text}" does not start with a number. Type something like ${formatInUnit(12.5, unit)}.`,
    };
  }
  const value = Number(m[1]!.replace(/[,_]/g, ''));
  if (!Number.isFinite(value)) return { ok: false, message: `"${m[1]}" is not a number.` };
  const typedUnit = (m[2] ?? '').trim();
  const asked = UNITS[unit];
  if (typedUnit === '') return { ok: true, value };
  const found = lookUp(typedUnit);
  if (!found) {
    return {
      ok: false,
      message: `"${typedUnit}" is not a unit GPU Lab knows. Answer in ${unit || 'a plain number'}${asked?.family === 'time' ? ' (or s, ms, µs, ns)' : ''}.`,
    };
  }
  if (!asked || found.family !== asked.family) {
    return {
      ok: false,
      message: `"${typedUnit}" measures a ${found.family}, but this question asks for a ${asked?.family ?? 'number'} (in ${unit || 'a plain number'}).`,
    };
  }
  return { ok: true, value: (value * found.toSi) / asked.toSi };
}

/** Whether a value (in the question's unit) is within a relative tolerance of the answer. */
export function withinTolerance(value: number, answer: number, tolerance: number): boolean {
  const allowed = Math.abs(answer) * tolerance;
  // A hair of slack so that an answer typed exactly at the edge is not lost to rounding.
  return Math.abs(value - answer) <= allowed * (1 + 1e-9) + Number.EPSILON;
}

/** Grades typed text: correct or not, or the reason it could not be read (nothing is saved then). */
export function gradeTypedAnswer(
  typed: string,
  unit: string,
  answer: number,
  tolerance: number,
): { ok: true; value: number; correct: boolean } | { ok: false; message: string } {
  const read = readTypedAnswer(typed, unit);
  if (!read.ok) return read;
  return { ok: true, value: read.value, correct: withinTolerance(read.value, answer, tolerance) };
}
