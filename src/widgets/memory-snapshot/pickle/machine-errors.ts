/**
 * The errors the pickle reader raises, each naming the opcode's byte offset: a damaged file, a
 * file over a limit, and an opcode it will not run (code) or does not know. Pure.
 */
import { SnapshotError } from '../problem';
import { REFUSED_OPCODES, TEXT_PROTOCOL_OPCODES } from './opcodes';

/** "at byte 1,234". */
function where(offsetBytes: number): string {
  return `at byte ${offsetBytes.toLocaleString('en-US')}`;
}

/** The opcode at `offsetBytes` does something a well-formed pickle never does. */
export function malformedAt(offsetBytes: number, what: string): SnapshotError {
  return new SnapshotError({
    kind: 'malformed',
    offsetBytes,
    message: `The pickle is damaged: an opcode ${where(offsetBytes)} ${what}.`,
  });
}

/** The opcode at `offsetBytes` asks for more than the reader's limits allow. */
export function overLimitAt(offsetBytes: number, what: string): SnapshotError {
  return new SnapshotError({
    kind: 'limit',
    offsetBytes,
    message:
      `The file asks for more than this reader allows: ${what} (${where(offsetBytes)}). ` +
      'A real memory snapshot stays far below these limits.',
  });
}

/** The byte `op` at `offsetBytes` is an opcode the reader refuses, an old one, or none at all. */
export function unknownOpcodeAt(offsetBytes: number, op: number): SnapshotError {
  const refused = REFUSED_OPCODES.get(op);
  if (refused) {
    return new SnapshotError({
      kind: 'refused',
      offsetBytes,
      message:
        `This pickle asks to import or run Python code (its ${refused} opcode ` +
        `${where(offsetBytes)}). A memory snapshot is plain data and never does that, so ` +
        'nothing in it was used. It may be another kind of pickle (a saved model or object) ' +
        'or a harmful file.',
    });
  }
  const old = TEXT_PROTOCOL_OPCODES.get(op);
  if (old) {
    return new SnapshotError({
      kind: 'not-snapshot',
      offsetBytes,
      message:
        `The pickle uses ${old} (${where(offsetBytes)}), an opcode of the old text ` +
        'protocols that PyTorch never writes in a snapshot.',
    });
  }
  const hex = `0x${op.toString(16).padStart(2, '0')}`;
  return new SnapshotError({
    kind: 'malformed',
    offsetBytes,
    message: `The pickle is damaged: byte ${hex} ${where(offsetBytes)} is not a pickle opcode.`,
  });
}
