/**
 * How a catalog figure is written in lesson text: the display units each kind of quantity may
 * use, and the number itself. Pure; shared by the build-time lesson check (which resolves every
 * `<CatalogValue>`) and its tests.
 */
import { formatCount, formatSignificant } from '../format/units';

/** No-break space: keeps a number and its unit on one line. */
export const NBSP = '\u00a0';

/** A display unit: its label and how many base units one of it holds. */
interface DisplayUnit {
  label: string;
  scale: number;
}

/** The display units of one quantity, with the one used when a lesson names none. */
interface Quantity {
  units: Record<string, DisplayUnit>;
  /** Picks the default unit for a value; null when the quantity is a bare count. */
  pick: ((value: number) => string) | null;
}

const unit = (label: string, scale: number): DisplayUnit => ({ label, scale });

/** Largest unit whose scale the value reaches, from a list ordered small to large. */
function largest(names: readonly string[], units: Record<string, DisplayUnit>) {
  return (value: number): string => {
    const abs = Math.abs(value);
    let chosen = names[0] ?? '';
    for (const name of names) {
      const u = units[name];
      // Round first, so 999.9 µs is written in ms rather than as "1,000 µs".
      if (u && Math.abs(Number((abs / u.scale).toPrecision(3))) >= 1) chosen = name;
    }
    return chosen;
  };
}

const BYTES: Record<string, DisplayUnit> = {
  B: unit('B', 1),
  KB: unit('KB', 1e3),
  MB: unit('MB', 1e6),
  GB: unit('GB', 1e9),
  TB: unit('TB', 1e12),
  KiB: unit('KiB', 2 ** 10),
  MiB: unit('MiB', 2 ** 20),
  GiB: unit('GiB', 2 ** 30),
  TiB: unit('TiB', 2 ** 40),
};

const SECONDS: Record<string, DisplayUnit> = {
  ns: unit('ns', 1e-9),
  µs: unit('µs', 1e-6),
  us: unit('µs', 1e-6),
  ms: unit('ms', 1e-3),
  s: unit('s', 1),
};

const QUANTITIES: Record<string, Quantity> = {
  'B/s': {
    units: {
      'MB/s': unit('MB/s', 1e6),
      'GB/s': unit('GB/s', 1e9),
      'TB/s': unit('TB/s', 1e12),
    },
    pick: () => 'GB/s',
  },
  'FLOP/s': {
    units: {
      'GFLOP/s': unit('GFLOP/s', 1e9),
      'TFLOP/s': unit('TFLOP/s', 1e12),
      TFLOPS: unit('TFLOPS', 1e12),
      'PFLOP/s': unit('PFLOP/s', 1e15),
    },
    pick: () => 'TFLOP/s',
  },
  // Memory is built in powers of two, so sizes read in binary units unless a lesson asks.
  B: { units: BYTES, pick: largest(['B', 'KiB', 'MiB', 'GiB', 'TiB'], BYTES) },
  Hz: { units: { MHz: unit('MHz', 1e6), GHz: unit('GHz', 1e9) }, pick: () => 'GHz' },
  s: { units: SECONDS, pick: largest(['ns', 'µs', 'ms', 's'], SECONDS) },
  fraction: {
    units: { '%': unit('%', 0.01), fraction: unit('', 1) },
    pick: () => '%',
  },
  'FLOP/B': { units: { 'FLOP/B': unit('FLOP/B', 1) }, pick: () => 'FLOP/B' },
};

/** Catalog units that count things (SMs, lanes, cores…): written as a bare whole number. */
const COUNT_UNITS = new Set([
  'SMs',
  'GPU cores',
  'lanes',
  'tensor cores',
  'cores',
  'threads',
  'blocks',
  'cycles',
]);

/** How a lesson asked for a figure to be written. */
export interface DisplayRequest {
  /** A display unit the figure's quantity allows (e.g. "GB/s", "µs", "GiB"); default per quantity. */
  unit?: string;
  /** Fixed decimal places, 0 to 3; by default three significant digits. */
  digits?: number;
  /** Leave the unit out (for a table column that names it in its header). */
  bare?: boolean;
}

/** The display units a figure of `baseUnit` may be written in; empty for counts. */
export function displayUnitsFor(baseUnit: string): string[] {
  return Object.keys(QUANTITIES[baseUnit]?.units ?? {});
}

/**
 * Writes `value` (in `baseUnit`, the catalog's SI unit) as lesson text: "2,039 GB/s",
 * "15 µs", "80 GiB", "6,912". Throws a RangeError naming the allowed units when the request
 * does not fit the quantity (GB/s for a FLOP/s figure, digits out of range).
 */
export function formatCatalogNumber(value: number, baseUnit: string, request: DisplayRequest) {
  const { digits } = request;
  if (digits !== undefined && !(Number.isInteger(digits) && digits >= 0 && digits <= 3)) {
    throw new RangeError(`digits must be a whole number from 0 to 3, not ${String(digits)}`);
  }
  const number = (scaled: number) =>
    digits === undefined
      ? formatSignificant(scaled)
      : scaled.toLocaleString('en-US', {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
  if (COUNT_UNITS.has(baseUnit)) {
    if (request.unit !== undefined) {
      throw new RangeError(
        `this figure counts ${baseUnit}; it takes no unit= (write the noun in the text)`,
      );
    }
    return digits === undefined ? formatCount(value) : number(value);
  }
  const quantity = QUANTITIES[baseUnit];
  if (!quantity?.pick) throw new RangeError(`the catalog unit "${baseUnit}" has no display rule`);
  const name = request.unit ?? quantity.pick(value);
  const display = quantity.units[name];
  if (!display) {
    throw new RangeError(
      `unit="${name}" does not fit a figure in ${baseUnit}; use one of ${Object.keys(quantity.units).join(', ')}`,
    );
  }
  const text = number(value / display.scale);
  return request.bare || display.label === '' ? text : `${text}${NBSP}${display.label}`;
}
