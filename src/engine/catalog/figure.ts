/** Where a figure comes from: a vendor's peak, a public measurement, or our own estimate. */
export type FigureKind = 'vendor-peak' | 'measured' | 'estimate';

/** One number in the catalog, with its unit, its source and how much to trust it. */
export interface Figure {
  /** The value, in `unit` (SI base units: bytes, seconds, hertz, FLOP/s). */
  value: number;
  /** The unit of `value`, written out (e.g. 'FLOP/s', 'B/s', 'fraction'). */
  unit: string;
  /** Where the number was found or how it was derived. */
  source: string;
  /** Vendor peak, public measurement, or estimate. */
  kind: FigureKind;
  /** How the value was computed from its source, when it is not quoted as is. */
  note?: string;
}

/** A vendor datasheet or whitepaper figure. */
export function vendor(value: number, unit: string, source: string, note?: string): Figure {
  return withNote({ value, unit, source, kind: 'vendor-peak' }, note);
}

/** A figure taken from a public measurement. */
export function measured(value: number, unit: string, source: string, note?: string): Figure {
  return withNote({ value, unit, source, kind: 'measured' }, note);
}

/** A figure we estimated; `note` says from what. */
export function estimate(value: number, unit: string, source: string, note?: string): Figure {
  return withNote({ value, unit, source, kind: 'estimate' }, note);
}

/**
 * An achievable fraction of a peak derived from one measurement: `measuredValue / peakValue`,
 * with the division written into the note so the derivation sits beside the number.
 */
export function measuredFraction(
  measuredValue: number,
  peakValue: number,
  source: string,
  what: string,
): Figure {
  return measured(
    measuredValue / peakValue,
    'fraction',
    source,
    `${what}: ${measuredValue} / ${peakValue}`,
  );
}

/** One published measurement: the measured value, the peak it is a share of, what was measured. */
export type Measurement = readonly [measuredValue: number, peakValue: number, what: string];

/** `measuredFraction` of each measurement one `source` published, by name. */
export function fractionsFrom<Name extends string>(
  source: string,
  measurements: Readonly<Record<Name, Measurement>>,
): Record<Name, Figure> {
  const names = Object.keys(measurements) as Name[];
  const fraction = (name: Name) => {
    const [measuredValue, peakValue, what] = measurements[name];
    return measuredFraction(measuredValue, peakValue, source, what);
  };
  return Object.fromEntries(names.map((name) => [name, fraction(name)])) as Record<Name, Figure>;
}

/**
 * A fraction carried over from a related measurement (a sibling GPU, another precision); kept
 * as an estimate, with the reason in `note`.
 */
export function borrowedFraction(from: Figure, note: string): Figure {
  return estimate(from.value, 'fraction', from.source, `${note} (${from.note ?? 'as measured'})`);
}

function withNote(figure: Figure, note: string | undefined): Figure {
  return note === undefined ? figure : { ...figure, note };
}

/** Every Figure inside `value` (a catalog entry or a whole catalog), each with its path. */
export function figuresIn(value: unknown, path: string): Array<[string, Figure]> {
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  if (typeof record.value === 'number' && typeof record.source === 'string') {
    return [[path, value as Figure]];
  }
  return Object.entries(record).flatMap(([key, child]) => figuresIn(child, `${path}.${key}`));
}
