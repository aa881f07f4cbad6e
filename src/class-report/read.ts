/**
 * Reading what an instructor drops on the class report: progress files (any version the
 * progress page reads, through its own reader and migrations), zips of them, and xAPI statement
 * exports, in any mix. Every file is judged on its own: one that cannot be read is listed with
 * why and the rest still count. Sizes are checked before anything is read or unpacked
 * (limits.ts, zip.ts). Records of one learner found in several files (the same browser's seed,
 * or the same name) are named, and only the newest counts. No React, no DOM: it runs in the
 * reading worker, in tests and in the benchmark alike.
 */
import { NOTHING_CHANGED, parseProgressFile } from '../store/progress-io';
import { CLASS_LIMITS, sizeInWords, type ClassLimits } from './limits';
import { labelFromPath, labelKey } from './labels';
import { latestTime, type ClassData, type InputProblem, type LearnerRecord } from './records';
import {
  gatheredLearners,
  gatheringNotes,
  gatherStatements,
  startGathering,
  statementsOf,
  type StatementGathering,
} from './statements';
import { looksLikeZip, readZipDirectory, unpackZipEntry } from './zip';

/** A file to read: its name, its size, and a way to get its bytes. */
export interface InputFile {
  name: string;
  size: number;
  /** The file's bytes, or its first `end` bytes. */
  bytes(end?: number): Promise<Uint8Array>;
}

/** How far a reading has got. */
export interface ReadProgress {
  /** Files looked at so far (chosen files; a zip counts once). */
  done: number;
  total: number;
}

/** Options of one reading. */
export interface ReadOptions {
  limits?: ClassLimits;
  onProgress?(progress: ReadProgress): void;
  signal?: AbortSignal;
}

/** State while files are read. */
interface Reading {
  limits: ClassLimits;
  progress: LearnerRecord[];
  problems: InputProblem[];
  statements: StatementGathering;
  filesRead: number;
  unpacked: number;
}

const decoder = new TextDecoder('utf-8');

/** A progress reader's message without the progress page's closing words. */
const withoutClosing = (message: string) =>
  message.replace(` ${NOTHING_CHANGED}`, '').replace(NOTHING_CHANGED, '').trim();

/** The record of a progress file that was read. */
function progressRecord(
  path: string,
  name: string,
  value: Extract<ReturnType<typeof parseProgressFile>, { ok: true }>['value'],
): LearnerRecord {
  const { progress } = value;
  const answers = new Map<string, { choice: string; correct: boolean; at: string }>();
  for (const [id, a] of Object.entries(progress.answers)) {
    answers.set(id, {
      choice: a.choice,
      correct: a.correct && a.reopened !== true,
      at: a.answeredAt,
    });
  }
  const visited = new Map(Object.entries(progress.visited));
  const completed = new Map(Object.entries(progress.completed));
  const puzzles = new Map(Object.entries(value.puzzles?.solved ?? {}));
  return {
    label: labelFromPath(name),
    source: 'progress file',
    origin: path,
    identity: progress.seed === null ? null : `seed:${progress.seed}`,
    exportedAt: value.exportedAt,
    visited,
    completed,
    answers,
    puzzles,
    lastActivity: latestTime([
      ...visited.values(),
      ...completed.values(),
      ...[...answers.values()].map((a) => a.at),
      ...puzzles.values(),
    ]),
    notes: value.notes,
  };
}

/**
 * Reads one file's text: a progress file or a statement export. `path` names it in messages
 * (a zip's name and the path inside it); `name` is the file's own name, which labels it.
 */
function readText(path: string, bytes: Uint8Array, r: Reading, name = path): void {
  const text = decoder.decode(bytes).replace(/^\uFEFF/, '');
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') {
    r.problems.push({
      file: path,
      message: 'It is not JSON: neither a GPU Lab progress file nor an xAPI statement export.',
    });
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    r.problems.push({ file: path, message: 'It is not valid JSON, so it cannot be read.' });
    return;
  }
  const statements = statementsOf(parsed);
  if (statements) {
    const room = r.limits.maxStatements - r.statements.read;
    if (statements.length > room) {
      r.problems.push({
        file: path,
        message: `It holds ${statements.length.toLocaleString('en-US')} statements, past the ${r.limits.maxStatements.toLocaleString('en-US')} read at once.`,
      });
      return;
    }
    gatherStatements(statements, path, r.statements);
    return;
  }
  if (text.length > r.limits.maxProgressChars) {
    r.problems.push({
      file: path,
      message: `It is far larger than any progress file (${text.length.toLocaleString('en-US')} characters), so it was not read.`,
    });
    return;
  }
  const result = parseProgressFile(text);
  if (!result.ok) {
    r.problems.push({ file: path, message: withoutClosing(result.message) });
    return;
  }
  r.progress.push(progressRecord(path, name, result.value));
}

/** Whether an entry of a zip is the system's, not the learner's (folders, macOS's extras). */
const systemEntry = (name: string) =>
  name.endsWith('/') || /(^|\/)__MACOSX\//.test(name) || /(^|\/)\.[^/]*$/.test(name);

/** Reads every file inside a zip, within the limits. */
function readZip(name: string, bytes: Uint8Array, r: Reading): void {
  const { limits } = r;
  const directory = readZipDirectory(bytes, limits.maxFiles);
  if (!directory.ok) {
    r.problems.push({ file: name, message: `The zip was not opened: ${directory.message}.` });
    return;
  }
  const entries = directory.entries.filter((e) => !systemEntry(e.name));
  const declared = entries.reduce((sum, e) => sum + e.declaredSize, 0);
  const room = limits.maxUnpackedBytes - r.unpacked;
  if (declared > room) {
    r.problems.push({
      file: name,
      message: `The zip was not opened: it would unpack to ${sizeInWords(declared)}, past the ${sizeInWords(limits.maxUnpackedBytes)} the report unpacks (a zip bomb?). Nothing in it was read.`,
    });
    return;
  }
  for (const entry of entries) {
    const path = `${name} › ${entry.name}`;
    if (r.filesRead >= limits.maxFiles) {
      r.problems.push({
        file: path,
        message: `Not read: past the ${limits.maxFiles} files read at once.`,
      });
      continue;
    }
    r.filesRead++;
    if (/\.zip$/i.test(entry.name)) {
      r.problems.push({ file: path, message: 'A zip inside a zip is not opened.' });
      continue;
    }
    if (!/\.json$/i.test(entry.name)) {
      r.problems.push({ file: path, message: 'Skipped: not a .json file.' });
      continue;
    }
    if (entry.declaredSize > limits.maxFileBytes) {
      r.problems.push({
        file: path,
        message: `Not unpacked: it would be ${sizeInWords(entry.declaredSize)}, far larger than any progress file or export read here.`,
      });
      continue;
    }
    const unpacked = unpackZipEntry(
      bytes,
      entry,
      Math.min(limits.maxFileBytes, limits.maxUnpackedBytes - r.unpacked),
    );
    if (!unpacked.ok) {
      r.problems.push({ file: path, message: `Not unpacked: ${unpacked.message}.` });
      continue;
    }
    r.unpacked += unpacked.bytes.length;
    readText(path, unpacked.bytes, r, entry.name);
  }
}

/** Reads one chosen file: a zip, or a JSON file. */
async function readFile(file: InputFile, r: Reading): Promise<void> {
  const { limits } = r;
  const tooLarge = (limit: number, what: string) => {
    r.filesRead++;
    r.problems.push({
      file: file.name,
      message: `Not read: at ${sizeInWords(file.size)} it is far larger than any ${what} (the limit is ${sizeInWords(limit)}).`,
    });
  };
  if (r.filesRead >= limits.maxFiles) {
    r.problems.push({
      file: file.name,
      message: `Not read: past the ${limits.maxFiles} files read at once.`,
    });
    return;
  }
  // Past both bounds, nothing is read at all; past a file's, only a zip is.
  if (file.size > Math.max(limits.maxZipBytes, limits.maxFileBytes)) {
    tooLarge(limits.maxZipBytes, 'zip of progress files');
    return;
  }
  let bytes: Uint8Array;
  try {
    // A file past a progress file's bound is read only if it starts like a zip.
    if (file.size > limits.maxFileBytes && !looksLikeZip(await file.bytes(4))) {
      tooLarge(limits.maxFileBytes, 'progress file or statement export');
      return;
    }
    bytes = await file.bytes();
  } catch {
    r.filesRead++;
    r.problems.push({ file: file.name, message: 'The browser could not read this file.' });
    return;
  }
  if (looksLikeZip(bytes)) {
    if (file.size > limits.maxZipBytes) tooLarge(limits.maxZipBytes, 'zip of progress files');
    else readZip(file.name, bytes, r);
    return;
  }
  r.filesRead++;
  readText(file.name, bytes, r);
}

/** A small union-find over record indices. */
function groups(count: number, same: (join: (a: number, b: number) => void) => void): number[][] {
  const parent = Array.from({ length: count }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  same((a, b) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  });
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const root = find(i);
    byRoot.set(root, [...(byRoot.get(root) ?? []), i]);
  }
  return [...byRoot.values()];
}

/** The time a record is judged newest by: when its file was written, else its last activity. */
const recordTime = (r: LearnerRecord) => Date.parse(r.exportedAt ?? r.lastActivity ?? '') || 0;

/**
 * Progress records of one learner: the same seed (one browser's), or the same label. The
 * newest of each group counts; the others are named.
 */
function dropDuplicates(records: LearnerRecord[]): Pick<ClassData, 'learners' | 'duplicates'> {
  const found = groups(records.length, (join) => {
    const first = new Map<string, number>();
    records.forEach((record, i) => {
      for (const key of [record.identity, `label:${labelKey(record.label)}`]) {
        if (key === null) continue;
        const seen = first.get(key);
        if (seen === undefined) first.set(key, i);
        else join(seen, i);
      }
    });
  });
  const kept = new Set<number>();
  const duplicates: ClassData['duplicates'] = [];
  for (const group of found) {
    if (group.length === 1) {
      kept.add(group[0]!);
      continue;
    }
    // The newest counts; between equals, the one that came last.
    const newest = group.reduce((a, b) =>
      recordTime(records[b]!) >= recordTime(records[a]!) ? b : a,
    );
    kept.add(newest);
    const seeds = new Set(group.map((i) => records[i]!.identity).filter((s) => s !== null));
    const sameSeed = seeds.size < group.filter((i) => records[i]!.identity !== null).length;
    duplicates.push({
      label: records[newest]!.label,
      kept: records[newest]!.origin,
      dropped: group.filter((i) => i !== newest).map((i) => records[i]!.origin),
      reason: sameSeed
        ? 'the same browser wrote them (the same choice-order seed)'
        : 'their names give the same learner',
    });
  }
  return { learners: records.filter((_, i) => kept.has(i)), duplicates };
}

/** Reads every file given; never throws for a file's content (each problem is listed). */
export async function readClassInputs(
  files: readonly InputFile[],
  options: ReadOptions = {},
): Promise<ClassData> {
  const r: Reading = {
    limits: options.limits ?? CLASS_LIMITS,
    progress: [],
    problems: [],
    statements: startGathering(),
    filesRead: 0,
    unpacked: 0,
  };
  let done = 0;
  for (const file of files) {
    options.signal?.throwIfAborted();
    await readFile(file, r);
    done++;
    options.onProgress?.({ done, total: files.length });
  }
  const { learners, duplicates } = dropDuplicates(r.progress);
  return {
    learners: [...learners, ...gatheredLearners(r.statements)],
    problems: r.problems,
    duplicates,
    notes: gatheringNotes(r.statements),
    texts: r.statements.texts,
    filesRead: r.filesRead,
    statementsRead: r.statements.read,
  };
}
