/**
 * The calibration report lesson 8's Python snippet prints about the learner's machine (its GPU,
 * host and links, measured with PyTorch), and the reader that checks one before the engine
 * builds a catalog entry from it (my-machine.ts). Reading never throws and never trusts the text:
 * every field is checked for type and for a range no real machine leaves, and each problem is
 * named in words. Pure.
 */

/** What the snippet prints, field by field (names as the snippet writes them). */
export interface MachineReport {
  /** The GPU's name as CUDA reports it ("NVIDIA GeForce RTX 4070"). */
  gpu: string;
  /** Streaming multiprocessors. */
  sms: number;
  /** Device memory in bytes (`total_memory`). */
  memoryBytes: number;
  /** `torch.__version__`. */
  torch: string;
  /** `torch.version.cuda`; null on a build without CUDA's version (ROCm). */
  cuda: string | null;
  /** Compute capability "major.minor" ("8.9"); absent in reports from before it was printed. */
  computeCapability: string | null;
  /** Host seconds of one tiny eager op (`torch.relu` on a small tensor), launch included. */
  hostOpSeconds: number;
  /** A 4096³ bf16 matmul's FLOP/s. */
  bf16MatmulFlopsPerSecond: number;
  /** A 4096³ FP32 matmul's FLOP/s, TF32 off. */
  fp32MatmulFlopsPerSecond: number;
  /** Bytes read plus written per second by a 1 GiB clone on the device. */
  copyBytesPerSecond: number;
  /** Host-to-device bytes per second from page-locked memory. */
  pinnedH2dBytesPerSecond: number;
  /** Host-to-device bytes per second from ordinary (pageable) memory. */
  pageableH2dBytesPerSecond: number;
}

/** The outcome of reading a report: the report, or every problem found, in words. */
export type MachineReportResult =
  { ok: true; report: MachineReport; notes: string[] } | { ok: false; problems: string[] };

/** Longest report text read, in characters: the snippet prints well under one thousand. */
export const MAX_MACHINE_REPORT_CHARS = 20_000;

/** Longest text field kept (a GPU name, a version). */
const MAX_TEXT_CHARS = 120;

/**
 * The range each measured number must fall in, with its unit for messages. The bounds are far
 * outside any real machine in both directions (a GTX 1050 to several B200s), so they catch a
 * number in the wrong unit or a broken measurement, not an unusual GPU.
 */
export const MACHINE_REPORT_RANGES = {
  sms: { min: 1, max: 1024, unit: 'SMs', integer: true },
  memoryBytes: { min: 2 ** 28, max: 2 ** 42, unit: 'bytes', integer: true },
  hostOpSeconds: { min: 1e-7, max: 1e-2, unit: 's', integer: false },
  bf16MatmulFlopsPerSecond: { min: 1e11, max: 1e16, unit: 'FLOP/s', integer: false },
  fp32MatmulFlopsPerSecond: { min: 1e10, max: 1e15, unit: 'FLOP/s', integer: false },
  copyBytesPerSecond: { min: 1e10, max: 1e14, unit: 'B/s', integer: false },
  pinnedH2dBytesPerSecond: { min: 1e8, max: 2e12, unit: 'B/s', integer: false },
  pageableH2dBytesPerSecond: { min: 1e7, max: 2e12, unit: 'B/s', integer: false },
} as const;

type NumberField = keyof typeof MACHINE_REPORT_RANGES;

const NUMBER_FIELDS = Object.keys(MACHINE_REPORT_RANGES) as NumberField[];
const TEXT_FIELDS = ['gpu', 'torch', 'cuda', 'computeCapability'] as const;
const KNOWN_FIELDS: readonly string[] = [...TEXT_FIELDS, ...NUMBER_FIELDS];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value from outside, shown safely in a message: short, and as JSON text. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

// Control characters are refused in text fields: a name is shown in pickers and messages.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function readText(
  record: Record<string, unknown>,
  field: string,
  required: boolean,
  problems: string[],
): string | null {
  if (!Object.hasOwn(record, field) || record[field] === null) {
    if (required) problems.push(`"${field}" is missing`);
    return null;
  }
  const value = record[field];
  if (typeof value !== 'string') {
    problems.push(`"${field}" should be text, not ${shown(value)}`);
    return null;
  }
  const text = value.trim();
  if (text === '' || text.length > MAX_TEXT_CHARS || CONTROL.test(text)) {
    problems.push(`"${field}" should be a short line of text (1 to ${MAX_TEXT_CHARS} characters)`);
    return null;
  }
  return text;
}

function readNumber(
  record: Record<string, unknown>,
  field: NumberField,
  problems: string[],
): number | null {
  const range = MACHINE_REPORT_RANGES[field];
  if (!Object.hasOwn(record, field)) {
    problems.push(`"${field}" is missing`);
    return null;
  }
  const value = record[field];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    problems.push(`"${field}" should be a number, not ${shown(value)}`);
    return null;
  }
  if (range.integer && !Number.isInteger(value)) {
    problems.push(`"${field}" should be a whole number, not ${value}`);
    return null;
  }
  if (value < range.min || value > range.max) {
    problems.push(
      `"${field}" is ${value} ${range.unit}, outside what any GPU machine gives (${range.min} to ${range.max} ${range.unit}); was it measured in another unit?`,
    );
    return null;
  }
  return value;
}

/** Checks relations between fields that each passed on their own. */
function crossChecks(report: MachineReport, problems: string[]): void {
  if (report.pageableH2dBytesPerSecond > report.pinnedH2dBytesPerSecond * 1.5) {
    problems.push(
      `"pageableH2dBytesPerSecond" (${report.pageableH2dBytesPerSecond}) is more than 1.5 times "pinnedH2dBytesPerSecond" (${report.pinnedH2dBytesPerSecond}); a pageable copy goes through a staging buffer and is never much faster than a pinned one`,
    );
  }
  if (report.computeCapability !== null && !/^\d{1,2}\.\d{1,2}$/.test(report.computeCapability)) {
    problems.push(
      `"computeCapability" should look like "8.9" (major.minor), not ${shown(report.computeCapability)}`,
    );
  }
}

/** Checks a parsed value as a report: every field present, of its type, and in range. */
export function readMachineReport(value: unknown): MachineReportResult {
  if (!isRecord(value)) {
    return {
      ok: false,
      problems: [
        'This is not a report object: paste the JSON object the calibration snippet printed, from { to }.',
      ],
    };
  }
  const problems: string[] = [];
  const gpu = readText(value, 'gpu', true, problems);
  const torch = readText(value, 'torch', true, problems);
  const cuda = readText(value, 'cuda', false, problems);
  const computeCapability = readText(value, 'computeCapability', false, problems);
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((field) => [field, readNumber(value, field, problems)]),
  ) as Record<NumberField, number | null>;
  if (problems.length > 0 || gpu === null || torch === null) return { ok: false, problems };
  const report: MachineReport = {
    gpu,
    torch,
    cuda,
    computeCapability,
    ...(numbers as Record<NumberField, number>),
  };
  crossChecks(report, problems);
  if (problems.length > 0) return { ok: false, problems };
  const unknown = Object.keys(value).filter((k) => !KNOWN_FIELDS.includes(k));
  const notes: string[] = [];
  if (unknown.length > 0) {
    notes.push(
      `Not used: ${unknown
        .slice(0, 5)
        .map((k) => shown(k))
        .join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}.`,
    );
  }
  if (computeCapability === null) {
    notes.push(
      'The report has no "computeCapability" (older versions of the snippet did not print it), so the architecture is unknown: the entry uses the catalog-wide middle values for what depends on it.',
    );
  }
  return { ok: true, report, notes };
}

/**
 * Reads a report from the text a learner pasted or opened: refuses text that is too long, is
 * not JSON, or is not a valid report, with every problem named.
 */
export function parseMachineReport(text: string): MachineReportResult {
  if (text.length > MAX_MACHINE_REPORT_CHARS) {
    return {
      ok: false,
      problems: [
        `This is ${text.length.toLocaleString('en-US')} characters long; a calibration report is under ${MAX_MACHINE_REPORT_CHARS.toLocaleString('en-US')}. Paste only the JSON the snippet printed.`,
      ],
    };
  }
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problems: ['Nothing was pasted yet.'] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch (error) {
    const why = error instanceof SyntaxError ? ` (${error.message})` : '';
    return {
      ok: false,
      problems: [
        `This is not valid JSON${why}. Paste the whole object the snippet printed, from { to }.`,
      ],
    };
  }
  return readMachineReport(parsed);
}
