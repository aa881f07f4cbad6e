import { describe, expect, it } from 'vitest';
import { SNAPSHOT_PICKLE_LIMITS, type PickleLimits } from '../limits';
import { SnapshotError, type SnapshotProblem } from '../problem';
import {
  Float,
  hexBytes,
  rawBytes,
  Tuple,
  writePickle,
  type PickleInput,
} from '../testing/pickle-writer';
import { unpickle } from './unpickle';
import { isDict, isList, type PyValue } from './values';

const read = (bytes: Uint8Array, limits: Partial<PickleLimits> = {}) =>
  unpickle(bytes, { limits: { ...SNAPSHOT_PICKLE_LIMITS, ...limits } });

/** The problem `bytes` is refused with (fails the test when it is read). */
function problem(bytes: Uint8Array, limits: Partial<PickleLimits> = {}): SnapshotProblem {
  try {
    read(bytes, limits);
  } catch (error) {
    if (error instanceof SnapshotError) return error.problem;
    throw error;
  }
  throw new Error('expected the pickle to be refused');
}

/** Plain JSON-like view of a decoded value (Maps as objects, bigints as strings). */
function plain(value: PyValue): unknown {
  if (isDict(value)) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  if (isList(value)) return value.map(plain);
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Uint8Array) return [...value];
  return value;
}

const EXPECTED = {
  a: [
    [{ filename: 'train.py', line: 3, name: 'f' }],
    [{ filename: 'train.py', line: 3, name: 'f' }],
  ],
  t: [1, -2, 2 ** 40],
  big: `${-(2n ** 70n)}n`,
  f: 1.5,
  s: 'µs ✓',
  n: null,
  yes: true,
  no: false,
};

describe('unpickle, on bytes written by CPython 3.11', () => {
  it('reads protocol 2 (BINPUT memo, BINUNICODE) with shared lists kept shared', () => {
    const bytes = hexBytes(
      '80027d71002858010000006171015d7102285d71037d710428580800000066696c656e616d657105580800' +
        '0000747261696e2e7079710658040000006c696e6571074b0358040000006e616d65710858010000006671' +
        '097561680365580100000074710a4b014afeffffff8a0600000000000187710b5803000000626967710c8a' +
        '090000000000000000c06809473ff8000000000000580100000073710d5807000000c2b57320e29c93710e' +
        '58010000006e710f4e580300000079657371108858020000006e6f711189752e',
    );
    const value = read(bytes);
    expect(plain(value)).toEqual(EXPECTED);
    const a = (value as Map<string, PyValue[]>).get('a') as PyValue[];
    expect(a[0]).toBe(a[1]);
  });

  it('reads protocol 5 (FRAME, MEMOIZE, SHORT_BINUNICODE, SHORT_BINBYTES)', () => {
    const bytes = hexBytes(
      '8005959a000000000000007d94288c0161945d94285d947d94288c0866696c656e616d65948c0874726169' +
        '6e2e7079948c046c696e65944b038c046e616d65948c01669475616803658c0174944b014afeffffff8a06' +
        '00000000000187948c03626967948a090000000000000000c06809473ff80000000000008c0173948c07c2' +
        'b57320e29c93948c016294430200ff948c016e944e8c0379657394888c026e6f9489752e',
    );
    expect(plain(read(bytes))).toEqual({ ...EXPECTED, b: [0, 255] });
  });

  it('reads sets and frozensets (EMPTY_SET, ADDITEMS, FROZENSET) as lists', () => {
    const bytes = hexBytes(
      '8004951b000000000000007d94288c0173948f94284b014b02908c02667394284b039194752e',
    );
    expect(plain(read(bytes))).toEqual({ s: [1, 2], fs: [3] });
  });

  it('refuses a pickled class instance (GLOBAL … REDUCE) at its first code opcode', () => {
    const ordered = hexBytes(
      '80049529000000000000008c0b636f6c6c656374696f6e73948c0b4f726465726564446963749493942952' +
        '948c0161944b01732e',
    );
    const p = problem(ordered);
    expect(p.kind).toBe('refused');
    expect(p.offsetBytes).toBe(39);
    expect(p.message).toMatch(/STACK_GLOBAL opcode at byte 39/);
  });

  it('says a protocol-0 text pickle is not one PyTorch writes', () => {
    const p = problem(hexBytes('286470300a56610a70310a49310a732e'));
    expect(p.kind).toBe('not-pickle');
    expect(p.message).toMatch(/not a Python pickle/);
  });
});

describe('unpickle, on pickles written like CPython at protocol 4', () => {
  it('round-trips ints of every width, floats, text, bytes, tuples, nesting and batches', () => {
    const many = Array.from({ length: 2500 }, (_, i) => i * 7);
    const input: PickleInput = {
      ints: [0, 255, 256, 65535, 65536, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 48 + 3],
      huge: [2n ** 63n, -(2n ** 64n)],
      floats: [0.25, -1e-300, new Float(1e300)],
      text: 'a'.repeat(300) + '→',
      bytes: new Uint8Array([1, 2, 3]),
      tuple: new Tuple([1, new Tuple([]), new Tuple([1, 2, 3, 4])]),
      many,
      wide: Object.fromEntries(many.map((v) => [`k${v}`, v])),
    };
    const value = read(writePickle(input, { frame: true }));
    expect(plain(value)).toEqual({
      ints: [0, 255, 256, 65535, 65536, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 48 + 3],
      huge: [`${2n ** 63n}n`, `${-(2n ** 64n)}n`],
      floats: [0.25, -1e-300, 1e300],
      text: 'a'.repeat(300) + '→',
      bytes: [1, 2, 3],
      tuple: [1, [], [1, 2, 3, 4]],
      many,
      wide: Object.fromEntries(many.map((v) => [`k${v}`, v])),
    });
  });

  it('keeps a "__proto__" key as data, never touching Object.prototype', () => {
    const value = read(writePickle(new Map([['__proto__', { polluted: true }]])));
    expect(isDict(value) && isDict(value.get('__proto__') ?? null)).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports progress by byte offset while reading', () => {
    const bytes = writePickle(Array.from({ length: 200_000 }, (_, i) => i));
    const offsets: number[] = [];
    unpickle(bytes, { limits: SNAPSHOT_PICKLE_LIMITS, onProgress: (o) => offsets.push(o) });
    expect(offsets.length).toBeGreaterThan(1);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(offsets.at(-1)).toBeLessThanOrEqual(bytes.length);
  });
});

describe('unpickle refuses what it must', () => {
  const snapshotLike = writePickle(
    { segments: [{ address: 2 ** 40, blocks: [{ size: 512, frames: [] }] }], t: 'x'.repeat(20) },
    { frame: true },
  );

  it('calls every cut of a valid file truncated, naming where the file ends', () => {
    for (let cut = 1; cut < snapshotLike.length; cut++) {
      const p = problem(snapshotLike.subarray(0, cut));
      expect(p.kind, `cut at ${cut}`).toBe('truncated');
      expect(p.offsetBytes, `cut at ${cut}`).toBe(cut);
      expect(p.message).toContain(`ends at byte ${cut}`);
    }
  });

  it.each([
    ['GLOBAL', rawBytes(0x80, 4, 'cos\nsystem\n', 0x8c, 2, 'ls', 0x85, 'R.')],
    ['STACK_GLOBAL', rawBytes(0x80, 4, 0x8c, 2, 'os', 0x8c, 6, 'system', 0x93, '.')],
    ['REDUCE', rawBytes(0x80, 4, ']', ')', 'R.')],
    ['BUILD', rawBytes(0x80, 4, ']', '}', 'b.')],
    ['INST', rawBytes(0x80, 4, '(ios\nsystem\n.')],
    ['OBJ', rawBytes(0x80, 4, '(]o.')],
    ['NEWOBJ', rawBytes(0x80, 4, '])', 0x81, '.')],
    ['NEWOBJ_EX', rawBytes(0x80, 4, '])}', 0x92, '.')],
    ['EXT1', rawBytes(0x80, 4, 0x82, 1, '.')],
    ['EXT2', rawBytes(0x80, 4, 0x83, 1, 0, '.')],
    ['EXT4', rawBytes(0x80, 4, 0x84, 1, 0, 0, 0, '.')],
    ['PERSID', rawBytes(0x80, 4, 'Pid\n.')],
    ['BINPERSID', rawBytes(0x80, 4, 'K', 1, 'Q.')],
    ['NEXT_BUFFER', rawBytes(0x80, 5, 0x97, '.')],
  ])('refuses %s, which would import or call code, with its byte offset', (name, bytes) => {
    const p = problem(bytes);
    expect(p.kind).toBe('refused');
    expect(p.message).toContain(`${name} opcode at byte`);
    expect(p.message).toMatch(/never does that/);
  });

  it('refuses huge declared lengths before trying to read them', () => {
    const u64 = (n: bigint) => [...new Uint8Array(new BigUint64Array([n]).buffer)];
    const cases = [
      rawBytes(0x80, 4, 0x8d, u64(2n ** 62n), '.'),
      rawBytes(0x80, 4, 'X', 0xff, 0xff, 0xff, 0xff, '.'),
      rawBytes(0x80, 4, 0x8e, u64(2n ** 40n), '.'),
      rawBytes(0x80, 4, 0x8b, 0x00, 0xca, 0x9a, 0x3b, '.'),
    ];
    for (const bytes of cases) {
      const p = problem(bytes);
      expect(p.kind).toBe('limit');
      expect(p.offsetBytes).toBe(2);
    }
    // Within the limit but past the end of the file: cut short.
    expect(problem(rawBytes(0x80, 4, 'X', 0x00, 0x10, 0x00, 0x00, 'abc')).kind).toBe('truncated');
  });

  it('refuses nesting deeper than the limit and accepts it up to the limit', () => {
    const nest = (depth: number): PickleInput => (depth <= 1 ? [] : [nest(depth - 1)]);
    expect(() => read(writePickle(nest(64)))).not.toThrow();
    const p = problem(writePickle(nest(65)));
    expect(p.kind).toBe('limit');
    expect(p.message).toMatch(/nested more than 64 deep/);
  });

  it('keeps a self-referencing list finite, and refuses one nested by repeated self-appends', () => {
    // a = []; a.append(a)
    const once = read(rawBytes(0x80, 4, ']', 0x94, 'h', 0, 'a.'));
    expect(isList(once) && once[0]).toBe(once);
    const loop = rawBytes(0x80, 4, ']', 0x94, ...Array(70).fill([0x68, 0, 0x61]).flat(), '.');
    expect(problem(loop).kind).toBe('limit');
  });

  it('bounds the memo, the stack, the marks and the number of values', () => {
    const list = writePickle(Array.from({ length: 50 }, (_, i) => `s${i}`));
    expect(problem(list, { maxMemoEntries: 10 }).message).toMatch(/remembered objects/);
    expect(problem(list, { maxValues: 20 }).message).toMatch(/more than 20 values/);
    expect(problem(list, { maxStackValues: 5 }).message).toMatch(/waiting on the stack/);
    expect(problem(rawBytes(0x80, 4, '((((', 'N.'), { maxMarks: 3 }).message).toMatch(/MARKs/);
  });

  it('names damage: an unknown opcode, a missing memo entry, an unopened mark', () => {
    expect(problem(rawBytes(0x80, 4, 0xff, '.')).message).toMatch(/byte 0xff at byte 2/);
    expect(problem(rawBytes(0x80, 4, 'h', 7, '.')).message).toMatch(/recalls object 7/);
    expect(problem(rawBytes(0x80, 4, ']e.')).message).toMatch(/MARK that was never opened/);
    expect(problem(rawBytes(0x80, 4, '.')).message).toMatch(/needs a value/);
    expect(problem(rawBytes(0x80, 4, 'KK', 1, 's.')).kind).toBe('malformed');
  });

  it('says what a file that is not a pickle looks like', () => {
    expect(problem(new Uint8Array()).kind).toBe('empty');
    expect(problem(rawBytes('PK', 3, 4, 'rest')).message).toMatch(/zip archive \(torch\.save/);
    expect(problem(rawBytes('{"segments": []}')).message).toMatch(/JSON or text/);
    expect(problem(rawBytes(0x80, 9, '.')).message).toMatch(/protocol 9/);
  });
});
