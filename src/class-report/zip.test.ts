import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { readClassInputs } from './read';
import { CLASS_LIMITS } from './limits';
import { looksLikeZip, readZipDirectory, unpackZipEntry } from './zip';
import { bytesFile, learnerProgress, progressFileText } from './testing/fixtures';

/** Sets every central-directory entry's declared (uncompressed) size, as a hostile zip would. */
function declareSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let at = 0; at + 46 <= out.length; at++) {
    if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return out;
}

const zeros = (n: number) => new Uint8Array(n);

describe('reading a zip without trusting it', () => {
  it('lists entries from the central directory and unpacks them', () => {
    const zip = zipSync({ 'a.json': strToU8('{"x":1}'), 'b/c.json': strToU8('[]') });
    expect(looksLikeZip(zip)).toBe(true);
    expect(looksLikeZip(strToU8('{"a":1}'))).toBe(false);
    const dir = readZipDirectory(zip, 10);
    expect(dir.ok && dir.entries.map((e) => [e.name, e.declaredSize])).toEqual([
      ['a.json', 7],
      ['b/c.json', 2],
    ]);
    if (!dir.ok) return;
    const a = unpackZipEntry(zip, dir.entries[0]!, 1000);
    expect(a.ok && new TextDecoder().decode(a.bytes)).toBe('{"x":1}');
  });

  it('refuses a zip bomb by its declared sizes before unpacking anything', async () => {
    // 200 MB of zeros each, declared honestly: 2 × 200 MB is past the 256 MB bound.
    const bomb = declareSizes(zipSync({ 'a.json': zeros(1000), 'b.json': zeros(1000) }), 200e6);
    const data = await readClassInputs([bytesFile('class.zip', bomb)]);
    expect(data.learners).toEqual([]);
    expect(data.problems).toEqual([
      {
        file: 'class.zip',
        message: expect.stringMatching(
          /would unpack to 400 MB, past the 268 MB .*zip bomb.*Nothing in it was read/,
        ),
      },
    ]);
    expect(data.filesRead).toBe(0);
  });

  it('stops an entry that unpacks past what its header declares, after one slice of work', () => {
    // 5 MB of zeros compress to about 5 kB; the header is made to say 100 bytes.
    const liar = declareSizes(zipSync({ 'x.json': zeros(5_000_000) }, { level: 1 }), 100);
    const dir = readZipDirectory(liar, 10);
    expect(dir.ok).toBe(true);
    if (!dir.ok) return;
    const out = unpackZipEntry(liar, dir.entries[0]!, CLASS_LIMITS.maxFileBytes);
    expect(out).toEqual({
      ok: false,
      message: 'it unpacks past the size its header declares (a zip bomb?), so it was stopped',
    });
  });

  it('caps what all zips of one reading unpack to, and one entry past a file’s bound', async () => {
    const texts = [0, 1, 2].map((i) => strToU8(progressFileText(learnerProgress(i))));
    const limits = {
      ...CLASS_LIMITS,
      maxUnpackedBytes: texts[0]!.length + texts[1]!.length + 10,
      maxFileBytes: 30_000,
    };
    const data = await readClassInputs(
      [
        bytesFile('one.zip', zipSync({ 'big.json': zeros(40_000) })),
        ...texts.map((t, i) => bytesFile(`z${i}.zip`, zipSync({ [`l${i}.json`]: t }))),
      ],
      { limits },
    );
    expect(data.problems.map((p) => [p.file, p.message])).toEqual([
      ['one.zip', expect.stringMatching(/would unpack to 40.0 kB, past the/)],
      ['z2.zip', expect.stringMatching(/^The zip was not opened: it would unpack to/)],
    ]);
    expect(data.learners.map((l) => l.label)).toEqual(['l0', 'l1']);
    const one = await readClassInputs(
      [bytesFile('one.zip', zipSync({ 'big.json': zeros(40_000) }))],
      {
        limits: { ...limits, maxUnpackedBytes: 1e6 },
      },
    );
    expect(one.problems[0]).toEqual({
      file: 'one.zip › big.json',
      message: expect.stringMatching(/^Not unpacked: it would be 40.0 kB, far larger/),
    });
  });

  it('refuses encrypted entries, zips in zips, damaged directories and non-JSON entries, reading the rest', async () => {
    const inner = zipSync({ 'x.json': strToU8('{}') });
    const zip = zipSync({
      'in.zip': inner,
      'readme.txt': strToU8('hi'),
      'a.json': strToU8(progressFileText(learnerProgress(1))),
      '.DS_Store': strToU8('x'),
      'folder/': new Uint8Array(0),
    });
    const data = await readClassInputs([bytesFile('c.zip', zip)]);
    expect(data.problems.map((p) => [p.file, p.message])).toEqual([
      ['c.zip › in.zip', 'A zip inside a zip is not opened.'],
      ['c.zip › readme.txt', 'Skipped: not a .json file.'],
    ]);
    expect(data.learners.map((l) => l.label)).toEqual(['a']);
    const damaged = zip.slice(0, zip.length - 30);
    const refused = await readClassInputs([bytesFile('d.zip', damaged)]);
    expect(refused.problems[0]?.message).toMatch(
      /^The zip was not opened: it is not a readable zip/,
    );
    const dir = readZipDirectory(zip, 10);
    if (!dir.ok) throw new Error('unreadable');
    expect(unpackZipEntry(zip, { ...dir.entries[2]!, encrypted: true }, 1e6)).toEqual({
      ok: false,
      message: 'it is encrypted',
    });
    expect(readZipDirectory(zip, 2)).toEqual({
      ok: false,
      message: 'it holds 5 files, more than the 2 read at once',
    });
  });
});

describe('files the report refuses', () => {
  it('refuses a file far larger than any progress file without reading it, and says so', async () => {
    let read = false;
    const huge = {
      name: 'video.json',
      size: 300e6,
      bytes: async () => {
        read = true;
        return new Uint8Array(0);
      },
    };
    const data = await readClassInputs([huge]);
    expect(read).toBe(false);
    expect(data.problems[0]?.message).toMatch(/^Not read: at 300 MB it is far larger than any/);
  });

  it('reads only the head of a large file to see whether it is a zip', async () => {
    const limits = { ...CLASS_LIMITS, maxFileBytes: 10 };
    const asked: (number | undefined)[] = [];
    const file = {
      name: 'x.json',
      size: 100,
      bytes: async (end?: number) => {
        asked.push(end);
        return strToU8('{"a":1}'.padEnd(100, ' '));
      },
    };
    const data = await readClassInputs([file], { limits });
    expect(asked).toEqual([4]);
    expect(data.problems[0]?.message).toMatch(
      /far larger than any progress file or statement export/,
    );
  });

  it('refuses a JSON progress file past the progress page’s own bound', async () => {
    const limits = { ...CLASS_LIMITS, maxProgressChars: 100 };
    const data = await readClassInputs(
      [bytesFile('p.json', strToU8(progressFileText(learnerProgress(2))))],
      { limits },
    );
    expect(data.problems[0]?.message).toMatch(/far larger than any progress file/);
  });

  it('says what is wrong with text that is neither kind of file', async () => {
    const data = await readClassInputs([
      bytesFile('a.json', strToU8('<html><script>alert(1)</script></html>')),
      bytesFile('b.json', strToU8('{"hello": "world"}')),
      bytesFile('c.json', strToU8('{"format": "<b>other</b>"}')),
    ]);
    expect(data.problems.map((p) => p.message)).toEqual([
      'It is not JSON: neither a GPU Lab progress file nor an xAPI statement export.',
      expect.stringMatching(/not a GPU Lab progress file/),
      expect.stringMatching(/not a GPU Lab progress file \(its "format" is "<b>other<\/b>"/),
    ]);
  });

  it('caps the statements read at once', async () => {
    const limits = { ...CLASS_LIMITS, maxStatements: 2 };
    const data = await readClassInputs([bytesFile('s.json', strToU8('[{},{},{}]'))], { limits });
    expect(data.problems[0]?.message).toBe('It holds 3 statements, past the 2 read at once.');
  });
});
