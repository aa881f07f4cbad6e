/**
 * The pickle opcodes the snapshot reader knows: those that build plain data (the only ones a
 * memory snapshot uses), and those it refuses because they would import or call Python code.
 * Byte values and names as in CPython's Lib/pickle.py. Pure.
 */

/** Opcodes that build plain data, by byte value. */
export const OP = {
  PROTO: 0x80,
  FRAME: 0x95,
  STOP: 0x2e, // .
  MARK: 0x28, // (
  POP: 0x30, // 0
  POP_MARK: 0x31, // 1
  DUP: 0x32, // 2
  EMPTY_DICT: 0x7d, // }
  EMPTY_LIST: 0x5d, // ]
  EMPTY_TUPLE: 0x29, // )
  EMPTY_SET: 0x8f,
  TUPLE: 0x74, // t
  TUPLE1: 0x85,
  TUPLE2: 0x86,
  TUPLE3: 0x87,
  DICT: 0x64, // d
  LIST: 0x6c, // l
  FROZENSET: 0x91,
  APPEND: 0x61, // a
  APPENDS: 0x65, // e
  SETITEM: 0x73, // s
  SETITEMS: 0x75, // u
  ADDITEMS: 0x90,
  NONE: 0x4e, // N
  NEWTRUE: 0x88,
  NEWFALSE: 0x89,
  BININT: 0x4a, // J
  BININT1: 0x4b, // K
  BININT2: 0x4d, // M
  LONG1: 0x8a,
  LONG4: 0x8b,
  BINFLOAT: 0x47, // G
  SHORT_BINUNICODE: 0x8c,
  BINUNICODE: 0x58, // X
  BINUNICODE8: 0x8d,
  SHORT_BINBYTES: 0x43, // C
  BINBYTES: 0x42, // B
  BINBYTES8: 0x8e,
  BYTEARRAY8: 0x96,
  BINPUT: 0x71, // q
  LONG_BINPUT: 0x72, // r
  MEMOIZE: 0x94,
  BINGET: 0x68, // h
  LONG_BINGET: 0x6a, // j
} as const;

/**
 * Opcodes that import a Python name, call it, or reach outside the file. A memory snapshot is
 * dicts, lists, tuples, strings and numbers, so none of these ever appears in one; a file that
 * uses them is refused before anything it names is looked at.
 */
export const REFUSED_OPCODES: ReadonlyMap<number, string> = new Map([
  [0x63, 'GLOBAL'], // c: imports module.name
  [0x93, 'STACK_GLOBAL'], // imports module.name taken from the stack
  [0x52, 'REDUCE'], // R: calls a callable
  [0x62, 'BUILD'], // b: calls __setstate__ or sets attributes
  [0x69, 'INST'], // i: imports and instantiates a class
  [0x6f, 'OBJ'], // o: instantiates a class
  [0x81, 'NEWOBJ'], // cls.__new__(cls, *args)
  [0x92, 'NEWOBJ_EX'], // cls.__new__(cls, *args, **kwargs)
  [0x82, 'EXT1'], // names from the extension registry
  [0x83, 'EXT2'],
  [0x84, 'EXT4'],
  [0x50, 'PERSID'], // P: asks the host program for an outside object
  [0x51, 'BINPERSID'], // Q
  [0x97, 'NEXT_BUFFER'], // out-of-band buffers the host program must supply
  [0x98, 'READONLY_BUFFER'],
]);

/** Text-protocol (0 and 1) opcodes: harmless, but never written at protocol 2 and later. */
export const TEXT_PROTOCOL_OPCODES: ReadonlyMap<number, string> = new Map([
  [0x49, 'INT'],
  [0x4c, 'LONG'],
  [0x46, 'FLOAT'],
  [0x53, 'STRING'],
  [0x54, 'BINSTRING'],
  [0x55, 'SHORT_BINSTRING'],
  [0x56, 'UNICODE'],
  [0x70, 'PUT'],
  [0x67, 'GET'],
]);

/** Highest pickle protocol the reader accepts (Python 3.8+ writes 4 by default, 3.14 writes 5). */
export const HIGHEST_PROTOCOL = 5;
