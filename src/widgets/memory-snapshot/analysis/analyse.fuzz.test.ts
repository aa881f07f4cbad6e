/**
 * Fuzzing the memory snapshot reader end to end (pickle reader, snapshot interpreter, analysis,
 * through the worker's handler): random bytes, random opcode streams, damaged copies of the
 * recorded and generated examples, and named hostile files. Each must give a report or one
 * problem with a short plain message, never an exception other than SnapshotError, within the
 * reader's limits: the pickle reader runs at most one opcode per byte, builds at most
 * maxValues values, and the snapshot reader reads at most MAX_SNAPSHOT_RECORDS blocks and events.
 */
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../../state/testing/hostile';
import {
  fuzzReader,
  messageProblems,
  mutateBytes,
  randomBytes,
} from '../../../state/testing/mutate';
import { MAX_SNAPSHOT_RECORDS, SNAPSHOT_PICKLE_LIMITS, type PickleLimits } from '../limits';
import { OP } from '../pickle/opcodes';
import { unpickle } from '../pickle/unpickle';
import { SnapshotError } from '../problem';
import { readSnapshot } from '../snapshot/read-snapshot';
import { exampleBytes, generatedExampleBytes } from '../testing/example-file';
import { rawBytes, writePickle } from '../testing/pickle-writer';
import {
  allocFree,
  block,
  event,
  segment,
  snapshotPickle,
  USER_STACK,
} from '../testing/snapshot-builder';
import { handleAnalyseRequest } from '../worker/handler';
import type { AnalyseResponse } from '../worker/protocol';
import { analyseSnapshotBytes } from './analyse';

const CASES = 1000;
/** Longest problem message (the longest fixed wording is about 330 characters). */
const MAX_MESSAGE_CHARS = 500;

const EXAMPLE = exampleBytes();
const GENERATED = generatedExampleBytes();
const SMALL = snapshotPickle(
  [segment(0x7f0000000000, [block(0x7f0000000000, 512, 'active_allocated', 500, USER_STACK)])],
  [[...allocFree(0x7f0000000000, 512), event('oom', 0, 1 << 30)]],
);

/** Every opcode byte the reader knows or refuses, for grammar-aware random streams. */
const OPCODES: readonly number[] = [
  ...Object.values(OP),
  0x63,
  0x93,
  0x52,
  0x62,
  0x69,
  0x6f,
  0x81,
  0x92,
  0x82,
  0x50,
  0x51,
  0x97,
  0x49,
  0x53,
  0x70,
  0x67,
];

/** A stream of random opcodes, each with a plausible or hostile argument. */
function opcodeStream(rng: Rng): Uint8Array {
  const parts: number[] = [OP.PROTO, rng.pick([2, 3, 4, 5])];
  const count = rng.int(1, 200);
  for (let i = 0; i < count; i += 1) {
    const op = rng.pick(OPCODES);
    parts.push(op);
    const argBytes = rng.pick([0, 1, 1, 2, 4, 8]);
    for (let k = 0; k < argBytes; k += 1) parts.push(rng.next() < 0.2 ? 0xff : rng.int(0, 8));
  }
  if (rng.next() < 0.7) parts.push(OP.STOP);
  return Uint8Array.from(parts);
}

/** One hostile file. */
function hostileFile(rng: Rng): Uint8Array {
  const r = rng.next();
  if (r < 0.1) return randomBytes(rng, 300);
  if (r < 0.2) return rawBytes(OP.PROTO, 4, randomBytes(rng, 300));
  if (r < 0.4) return opcodeStream(rng);
  if (r < 0.6) return mutateBytes(rng, SMALL, 6);
  if (r < 0.85) return mutateBytes(rng, GENERATED, 6);
  return mutateBytes(rng, EXAMPLE, 6);
}

/** Small limits, so the fuzz reaches every limit's check. */
const TIGHT_LIMITS: PickleLimits = {
  maxDepth: 8,
  maxStackValues: 500,
  maxMarks: 20,
  maxMemoEntries: 2_000,
  maxValues: 50_000,
  maxStringBytes: 4_096,
  maxIntegerBytes: 16,
};

/** Problems with one file read through the worker's handler. */
function handlerProblems(bytes: Uint8Array): string[] {
  const posted: AnalyseResponse[] = [];
  handleAnalyseRequest({ kind: 'analyse', id: 7, bytes: bytes.slice().buffer }, (r) =>
    posted.push(r),
  );
  const problems: string[] = [];
  const answers = posted.filter((r) => r.kind !== 'progress');
  if (answers.length !== 1) problems.push(`${answers.length} answers`);
  if (posted.length > 200) problems.push(`${posted.length} messages`);
  if (posted.some((r) => r.id !== 7)) problems.push('an answer for another request');
  const answer = answers[0];
  if (answer?.kind === 'failed') {
    problems.push(...messageProblems(answer.problem.message, MAX_MESSAGE_CHARS));
    if (/could not be read/.test(answer.problem.message))
      problems.push(`an unexpected exception: ${answer.problem.message}`);
  }
  return problems;
}

/** Problems with one file read straight by the pickle reader and the snapshot reader. */
function readerProblems(bytes: Uint8Array, limits: PickleLimits): string[] {
  let root;
  let ops = 0;
  try {
    root = unpickle(bytes, { limits, onProgress: () => (ops += 1) });
  } catch (error) {
    return error instanceof SnapshotError
      ? messageProblems(error.message, MAX_MESSAGE_CHARS)
      : [`unpickle threw ${String(error)}`];
  }
  try {
    const snapshot = readSnapshot(root);
    const records =
      snapshot.segments.reduce((n, s) => n + s.blocks.length, 0) +
      snapshot.deviceTraces.reduce((n, t) => n + t.length, 0);
    if (records > MAX_SNAPSHOT_RECORDS) return [`${records} records read`];
  } catch (error) {
    return error instanceof SnapshotError
      ? messageProblems(error.message, MAX_MESSAGE_CHARS)
      : [`readSnapshot threw ${String(error)}`];
  }
  return ops > bytes.length ? ['more progress reports than bytes'] : [];
}

const show = (bytes: Uint8Array) =>
  `${bytes.length} bytes: ${Array.from(bytes.subarray(0, 48), (b) => b.toString(16).padStart(2, '0')).join('')}`;

describe('memory snapshot reader under hostile files', () => {
  it(`answers ${CASES} seeded hostile files through the worker handler (seed 14)`, async () => {
    const report = await fuzzReader(14, CASES, hostileFile, handlerProblems, show);
    expect(report.failures).toEqual([]);
    expect(report.cases).toBe(CASES);
  });

  it(`reads or refuses ${CASES} more with tight limits, throwing only SnapshotError (seed 15)`, async () => {
    const report = await fuzzReader(
      15,
      CASES,
      hostileFile,
      (b) => readerProblems(b, TIGHT_LIMITS),
      show,
    );
    expect(report.failures).toEqual([]);
  });

  it('reads the examples, and some damaged copies still read (the fuzz is not vacuous)', () => {
    expect(() => analyseSnapshotBytes(EXAMPLE)).not.toThrow();
    expect(() => analyseSnapshotBytes(GENERATED)).not.toThrow();
    const rng = createRng(4);
    const kinds = new Map<string, number>();
    for (let i = 0; i < 300; i += 1) {
      let kind = 'ok';
      try {
        analyseSnapshotBytes(hostileFile(rng));
      } catch (error) {
        kind = error instanceof SnapshotError ? error.problem.kind : 'other';
      }
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    expect(kinds.get('ok') ?? 0).toBeGreaterThan(2);
    expect(kinds.get('other')).toBeUndefined();
    for (const kind of ['malformed', 'truncated', 'not-pickle', 'refused', 'not-snapshot'])
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
  });
});

describe('named hostile snapshot files', () => {
  /** The problem a file is refused with. */
  function refusal(bytes: Uint8Array) {
    expect(handlerProblems(bytes)).toEqual([]);
    try {
      analyseSnapshotBytes(bytes);
    } catch (error) {
      if (error instanceof SnapshotError) return error.problem;
      throw error;
    }
    throw new Error('expected the file to be refused');
  }

  it('refuses opcodes that import or call, whatever surrounds them', () => {
    for (const op of [0x63, 0x93, 0x52, 0x62, 0x69, 0x6f, 0x81, 0x92, 0x82, 0x50, 0x51])
      expect(refusal(rawBytes(OP.PROTO, 4, 'cos\nsystem\n', op, OP.STOP)).kind).toMatch(
        /refused|malformed|not-snapshot/,
      );
    expect(
      refusal(rawBytes(OP.PROTO, 4, 0x8c, 2, 'os', 0x8c, 6, 'system', 0x93, OP.STOP)).kind,
    ).toBe('refused');
  });

  it('refuses enormous declared lengths without allocating them', () => {
    for (const [op, width] of [
      [OP.BINUNICODE, 4],
      [OP.BINBYTES, 4],
      [OP.BINUNICODE8, 8],
      [OP.BINBYTES8, 8],
      [OP.BYTEARRAY8, 8],
      [OP.FRAME, 8],
      [OP.LONG4, 4],
    ] as const) {
      const problem = refusal(
        rawBytes(OP.PROTO, 4, op, new Array<number>(width).fill(0xff), OP.STOP),
      );
      expect(problem.kind, `opcode ${op}`).toMatch(/limit|truncated|malformed/);
    }
  });

  it('refuses deep nesting and self-containing lists', () => {
    const deep = rawBytes(
      OP.PROTO,
      4,
      new Array<number>(100_000).fill(OP.EMPTY_LIST),
      new Array<number>(99_999).fill(OP.APPEND),
      OP.STOP,
    );
    expect(refusal(deep).kind).toBe('limit');
    const marks = rawBytes(OP.PROTO, 4, new Array<number>(100_000).fill(OP.MARK), OP.STOP);
    expect(refusal(marks).kind).toBe('limit');
    // A list appended to itself (DUP, APPEND) many times.
    const selfish = rawBytes(
      OP.PROTO,
      4,
      OP.EMPTY_LIST,
      Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? OP.DUP : OP.APPEND)),
      OP.STOP,
    );
    expect(['limit', 'not-snapshot']).toContain(refusal(selfish).kind);
  });

  it('refuses a small file whose shared lists would expand to billions of records', () => {
    // One block dict, shared 1,000 times in one list, shared by 20,000 segments: 20 million
    // blocks from a file of about 42 KB (the pickle memo makes each reuse 2 to 5 bytes). Before
    // the record limit, analysing it took 25 seconds; ten times as many segments, minutes.
    const oneBlock = block(0x7f0000000000, 512, 'active_allocated');
    const blocks = new Array(1000).fill(oneBlock);
    const oneSegment = { ...segment(0x7f0000000000, [oneBlock]), blocks };
    const segments = new Array(20_000).fill(oneSegment);
    const bytes = writePickle({ segments, device_traces: [] }, { frame: true });
    expect(bytes.length).toBeLessThan(50_000);
    const problem = refusal(bytes);
    expect(problem.kind).toBe('limit');
    expect(problem.message).toMatch(/blocks and trace events/);
    // The same through shared traces: 4,000 copies of a trace of 3,000 events.
    const trace = new Array(1000).fill(allocFree(0x7f0000000000, 512)).flat();
    const traces = writePickle({ segments: [], device_traces: new Array(4000).fill(trace) });
    expect(refusal(traces).kind).toBe('limit');
  });

  it('keeps messages short when a file holds huge or invisible keys', () => {
    const key = '\u202e\u0000'.repeat(50_000);
    const problem = refusal(writePickle({ [key]: 1, other: 2 }));
    expect(problem.kind).toBe('not-snapshot');
    expect(messageProblems(problem.message, MAX_MESSAGE_CHARS)).toEqual([]);
  });

  it('refuses files that are empty, cut short or not pickles, each with a message', () => {
    for (const bytes of [
      new Uint8Array(0),
      rawBytes(OP.PROTO),
      rawBytes(OP.PROTO, 4),
      rawBytes(OP.PROTO, 9, OP.STOP),
      rawBytes(OP.PROTO, 4, OP.STOP),
      EXAMPLE.subarray(0, EXAMPLE.length - 1),
      EXAMPLE.subarray(0, 1000),
      rawBytes('PK\x03\x04'),
      rawBytes('{"segments": []}'),
    ])
      expect(handlerProblems(bytes)).toEqual([]);
  });

  it('uses the limits a real snapshot needs', () => {
    expect(MAX_SNAPSHOT_RECORDS).toBeGreaterThan(1_000_000);
    expect(SNAPSHOT_PICKLE_LIMITS.maxDepth).toBeGreaterThanOrEqual(8);
  });
});
