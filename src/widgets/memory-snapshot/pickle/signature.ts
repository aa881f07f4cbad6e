/**
 * A first look at a file's opening bytes: is it a pickle of protocol 2 or later at all, and if
 * not, what it more likely is, so the message can say so. Pure.
 */
import { SnapshotError } from '../problem';
import { HIGHEST_PROTOCOL, OP } from './opcodes';

/** What a file that does not start like a pickle most likely is, from its first bytes. */
function guessFormat(bytes: Uint8Array): string | null {
  const [a, b] = [bytes[0], bytes[1]];
  if (a === 0x50 && b === 0x4b) return 'a zip archive (torch.save writes those)';
  if (a === 0x1f && b === 0x8b) return 'a gzip-compressed file (decompress it first)';
  if (a === 0x89 && b === 0x50) return 'a PNG image';
  if (a === 0x25 && b === 0x50) return 'a PDF document';
  const start = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return 'a JSON or text file';
  if (start.startsWith('<')) return 'an HTML or XML file (a saved web page?)';
  return null;
}

/** Hex of the first bytes, for messages: "50 4b 03 04". */
function firstBytesHex(bytes: Uint8Array): string {
  return [...bytes.subarray(0, 4)].map((x) => x.toString(16).padStart(2, '0')).join(' ');
}

/**
 * Throws a clear error unless `bytes` starts like a pickle written with protocol 2 to
 * {@link HIGHEST_PROTOCOL} (PyTorch's `_dump_snapshot` writes 4, or 5 on Python 3.14).
 */
export function checkPickleSignature(bytes: Uint8Array): void {
  if (bytes.length === 0) {
    throw new SnapshotError({ kind: 'empty', message: 'The file is empty (0 bytes).' });
  }
  if (bytes[0] !== OP.PROTO) {
    const guess = guessFormat(bytes);
    throw new SnapshotError({
      kind: 'not-pickle',
      offsetBytes: 0,
      message:
        `This is not a Python pickle: it starts with the bytes ${firstBytesHex(bytes)}` +
        `${guess ? `, which looks like ${guess}` : ''}. A memory snapshot is the .pickle file ` +
        'that torch.cuda.memory._dump_snapshot() writes.',
    });
  }
  const protocol = bytes[1];
  if (protocol === undefined) {
    throw new SnapshotError({
      kind: 'truncated',
      offsetBytes: 1,
      message:
        'The file ends at byte 1, right after the pickle’s first byte: it was cut short. ' +
        'Copy the whole file again.',
    });
  }
  if (protocol < 2 || protocol > HIGHEST_PROTOCOL) {
    throw new SnapshotError({
      kind: 'not-pickle',
      offsetBytes: 1,
      message:
        `The file claims pickle protocol ${protocol}; this reader knows protocols 2 to ` +
        `${HIGHEST_PROTOCOL}, and PyTorch writes snapshots with 4 or 5. It is probably not a pickle.`,
    });
  }
}
