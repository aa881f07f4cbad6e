/**
 * Checks the glossary as authors write it (content/glossary.yaml, already read into plain data)
 * and turns it into typed entries, or fails naming the file, the line and the entry of every
 * problem at once.
 */
import type { GlossaryTerm } from './types';

/** The fields an entry has, in the order authors write them. */
const FIELDS = ['id', 'term', 'definition', 'taught', 'related', 'matches'] as const;

type Field = (typeof FIELDS)[number];

/** An id: lowercase words of letters and digits joined by hyphens. */
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `lesson-slug/heading-id`, as rehype-slug makes heading ids. */
const TAUGHT = /^([a-z0-9]+(?:-[a-z0-9]+)*)\/([A-Za-z0-9_-]+)$/;

/** One problem: the entry (by position) and field it is in, and what is wrong. */
export interface GlossaryFault {
  /** Position of the entry in the list, from 0; null for the file as a whole. */
  index: number | null;
  /** The entry's id, when it has a usable one. */
  id?: string;
  /** The field at fault, when one is. */
  field?: Field;
  message: string;
}

/** Where the glossary came from, so that faults can name it. */
export interface GlossarySource {
  /** The file, as the error should name it (e.g. "content/glossary.yaml"). */
  file: string;
  /** The line an entry's field (or the entry) starts on, when the reader knows it. */
  lineOf?: (index: number, field?: Field) => number | undefined;
}

/** The glossary did not pass its checks; the message lists every fault, one a line. */
export class GlossaryError extends Error {
  constructor(
    message: string,
    /** The faults, as found. */
    readonly faults: readonly GlossaryFault[],
  ) {
    super(message);
    this.name = 'GlossaryError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);

/** One entry's own faults (shape and field values), and the entry when it has none. */
function readEntry(raw: unknown, index: number, faults: GlossaryFault[]): GlossaryTerm | null {
  if (!isRecord(raw)) {
    faults.push({ index, message: 'is not a mapping of fields (id, term, definition, …)' });
    return null;
  }
  const id = typeof raw.id === 'string' && ID.test(raw.id) ? raw.id : undefined;
  const fault = (field: Field | undefined, message: string) =>
    faults.push({ index, ...(id !== undefined && { id }), ...(field && { field }), message });
  const before = faults.length;
  for (const key of Object.keys(raw)) {
    if (!(FIELDS as readonly string[]).includes(key)) {
      fault(undefined, `unknown field "${key}" (an entry has ${FIELDS.join(', ')})`);
    }
  }
  for (const field of FIELDS) {
    if (!(field in raw)) fault(undefined, `lacks "${field}"`);
  }
  if ('id' in raw && id === undefined) {
    fault('id', 'id must be lowercase letters and digits joined by hyphens, e.g. "kv-cache"');
  }
  if ('term' in raw && !isText(raw.term)) fault('term', 'term must be text');
  if ('definition' in raw && !isText(raw.definition)) {
    fault('definition', 'definition must be text');
  }
  const taught = typeof raw.taught === 'string' ? TAUGHT.exec(raw.taught) : null;
  if ('taught' in raw && !taught) {
    fault('taught', 'taught must be lesson-slug/heading-id, e.g. "inside-a-gpu/simt"');
  }
  for (const field of ['related', 'matches'] as const) {
    if (field in raw && !isTextList(raw[field])) fault(field, `${field} must be a list of text`);
  }
  if (faults.length > before) return null;
  return {
    id: id!,
    term: raw.term as string,
    definition: raw.definition as string,
    taught: { lesson: taught![1]!, section: taught![2]! },
    related: raw.related as string[],
    matches: raw.matches as string[],
  };
}

/**
 * Faults between entries: repeated ids and names, related ids, spellings claimed twice. `ids`
 * holds every id written, also those of entries with faults of their own.
 */
function crossCheck(
  entries: readonly (GlossaryTerm | null)[],
  ids: ReadonlySet<unknown>,
  faults: GlossaryFault[],
): void {
  const idAt = new Map<string, number>();
  const nameAt = new Map<string, number>();
  const spellingAt = new Map<string, number>();
  entries.forEach((entry, index) => {
    if (!entry) return;
    const fault = (field: Field, message: string) =>
      faults.push({ index, id: entry.id, field, message });
    const sameId = idAt.get(entry.id);
    if (sameId !== undefined) fault('id', `id "${entry.id}" is also entry ${sameId + 1}'s`);
    else idAt.set(entry.id, index);
    const name = entry.term.toLowerCase();
    const sameName = nameAt.get(name);
    if (sameName === undefined) nameAt.set(name, index);
    else fault('term', `term "${entry.term}" is also entry ${sameName + 1}'s`);
    for (const spelling of entry.matches) {
      const owner = spellingAt.get(spelling);
      if (owner === undefined) spellingAt.set(spelling, index);
      else if (owner === index) fault('matches', `the spelling "${spelling}" is listed twice`);
      else fault('matches', `the spelling "${spelling}" already links to "${entries[owner]!.id}"`);
    }
  });
  entries.forEach((entry, index) => {
    if (!entry) return;
    const fault = (message: string) =>
      faults.push({ index, id: entry.id, field: 'related', message });
    entry.related.forEach((id, i) => {
      if (id === entry.id) fault('related names the entry itself');
      else if (!ids.has(id)) fault(`related names "${id}", which no entry has as its id`);
      if (entry.related.indexOf(id) < i) fault(`related names "${id}" twice`);
    });
  });
}

/** Every fault of the glossary data, and its entries (all of them only when there is no fault). */
export function checkGlossary(data: unknown): {
  terms: GlossaryTerm[];
  faults: GlossaryFault[];
} {
  const faults: GlossaryFault[] = [];
  if (!Array.isArray(data)) {
    faults.push({ index: null, message: 'the glossary must be a list of entries' });
    return { terms: [], faults };
  }
  const entries = data.map((raw, index) => readEntry(raw, index, faults));
  crossCheck(entries, new Set(data.map((raw) => (isRecord(raw) ? raw.id : undefined))), faults);
  return { terms: entries.filter((e): e is GlossaryTerm => e !== null), faults };
}

/** One fault as a line: `file:line: entry N ("id"): message`. */
export function describeFault(fault: GlossaryFault, source: GlossarySource): string {
  if (fault.index === null) return `${source.file}: ${fault.message}`;
  const line = source.lineOf?.(fault.index, fault.field);
  const where = line === undefined ? source.file : `${source.file}:${line}`;
  const entry = `entry ${fault.index + 1}${fault.id === undefined ? '' : ` ("${fault.id}")`}`;
  return `${where}: ${entry}: ${fault.message}`;
}

/**
 * The glossary's entries, checked: each entry has exactly the fields id, term, definition,
 * taught (lesson-slug/heading-id), related and matches; ids and names are unique; related ids
 * exist; no spelling belongs to two entries. Throws a GlossaryError listing every fault.
 */
export function parseGlossary(data: unknown, source: GlossarySource): GlossaryTerm[] {
  const { terms, faults } = checkGlossary(data);
  if (faults.length === 0) return terms;
  const lines = faults.map((fault) => `  ${describeFault(fault, source)}`);
  throw new GlossaryError(
    `${source.file}: the glossary has ${faults.length} problem${faults.length === 1 ? '' : 's'}:\n${lines.join('\n')}`,
    faults,
  );
}
