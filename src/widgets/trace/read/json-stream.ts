/**
 * A small streaming JSON tokenizer: text arrives in chunks of any size (a chunk may end inside a
 * string, an escape or a number), and each token is handed to a handler as soon as it is whole.
 * Nothing is built: the handler keeps what it wants. Strings are capped at `maxStringChars` (the
 * handler is told the full length), nesting at `maxDepth`, so a hostile file cannot make the
 * tokenizer hold more than a few kilobytes. Strict JSON (RFC 8259). Pure.
 */

/** What the tokenizer reports, in file order. */
export interface JsonHandler {
  openObject(): void;
  closeObject(): void;
  openArray(): void;
  closeArray(): void;
  /** An object key, cut to the cap; `lengthChars` is its full length. */
  key(text: string, lengthChars: number): void;
  /** A string value, cut to the cap; `lengthChars` is its full length. */
  string(text: string, lengthChars: number): void;
  number(value: number): void;
  /** true, false or null. */
  literal(value: boolean | null): void;
}

/** Bounds the tokenizer keeps to. */
export interface JsonLimits {
  /** Characters of a string kept (the rest is counted and dropped). */
  maxStringChars: number;
  /** Containers open at once. */
  maxDepth: number;
}

/** A JSON text that is not valid, or that ends too soon. */
export class JsonSyntaxError extends Error {
  /** Characters read before the fault. */
  readonly offsetChars: number;
  /** True when the text ended before the value did (a file cut short). */
  readonly truncated: boolean;

  constructor(message: string, offsetChars: number, truncated = false) {
    super(message);
    this.name = 'JsonSyntaxError';
    this.offsetChars = offsetChars;
    this.truncated = truncated;
  }
}

/** What the tokenizer expects next. */
const enum Mode {
  Value,
  FirstValueOrClose,
  Key,
  FirstKeyOrClose,
  Colon,
  CommaOrClose,
  String,
  Number,
  Literal,
  Done,
}

/** Longest number text accepted (a double needs about 25 characters). */
const MAX_NUMBER_CHARS = 64;
const NUMBER_PATTERN = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LITERALS: Record<string, boolean | null> = { true: true, false: false, null: null };
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Tokenizes one JSON value fed in chunks; call `end()` after the last chunk. */
export class JsonTokenizer {
  private mode: Mode = Mode.Value;
  /** Open containers: true for an object. */
  private readonly stack: boolean[] = [];
  private consumed = 0;
  private text = '';
  private textLength = 0;
  private isKey = false;
  /** 0: none; 1: after a backslash; 2-5: reading the hex digits of \u. */
  private escape = 0;
  private hex = '';
  private token = '';

  constructor(
    private readonly handler: JsonHandler,
    private readonly limits: JsonLimits,
  ) {}

  /** Characters read so far. */
  get offsetChars(): number {
    return this.consumed;
  }

  /** Reads the next piece of the text. */
  write(chunk: string): void {
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      const mode = this.mode;
      if (mode === Mode.String) {
        i = this.readString(chunk, i);
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (mode === Mode.Number || mode === Mode.Literal) {
        // Take the run of token characters at once.
        let j = i;
        while (j < n && isTokenChar(chunk.charCodeAt(j))) j += 1;
        if (j > i) {
          const room = MAX_NUMBER_CHARS - this.token.length;
          if (j - i > room) this.fail('a number or word too long', i + room);
          this.token += chunk.slice(i, j);
          i = j;
          continue;
        }
        this.finishToken(i);
        continue;
      }
      i += 1;
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
      this.structural(c, chunk, i - 1);
    }
    this.consumed += n;
  }

  /** Says the text is over; throws if a value is still open. */
  end(): void {
    if (this.mode === Mode.Number || this.mode === Mode.Literal) this.finishToken(0);
    if (this.mode !== Mode.Done) {
      throw new JsonSyntaxError('the text ends before the JSON does', this.consumed, true);
    }
  }

  private structural(c: number, chunk: string, at: number): void {
    const mode = this.mode;
    if (mode === Mode.Done) this.fail('more text after the JSON value', at);
    if (mode === Mode.Colon) {
      if (c !== 0x3a) this.fail('a colon expected after a key', at);
      this.mode = Mode.Value;
      return;
    }
    if (mode === Mode.CommaOrClose) {
      const inObject = this.stack[this.stack.length - 1];
      if (c === 0x2c) this.mode = inObject ? Mode.Key : Mode.Value;
      else if (c === 0x7d && inObject) this.close(true);
      else if (c === 0x5d && !inObject) this.close(false);
      else this.fail('a comma or a closing bracket expected', at);
      return;
    }
    if (mode === Mode.Key || mode === Mode.FirstKeyOrClose) {
      if (c === 0x7d && mode === Mode.FirstKeyOrClose) return this.close(true);
      if (c !== 0x22) this.fail('a key in quotes expected', at);
      return this.startString(true);
    }
    // A value (or, first in an array, its end).
    if (c === 0x5d && mode === Mode.FirstValueOrClose) return this.close(false);
    if (c === 0x22) return this.startString(false);
    if (c === 0x7b || c === 0x5b) {
      if (this.stack.length >= this.limits.maxDepth) this.fail('nested too deeply', at);
      const isObject = c === 0x7b;
      this.stack.push(isObject);
      this.mode = isObject ? Mode.FirstKeyOrClose : Mode.FirstValueOrClose;
      if (isObject) this.handler.openObject();
      else this.handler.openArray();
      return;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      this.token = chunk[at] ?? '';
      this.mode = Mode.Number;
      return;
    }
    if (c === 0x74 || c === 0x66 || c === 0x6e) {
      this.token = chunk[at] ?? '';
      this.mode = Mode.Literal;
      return;
    }
    this.fail('a value expected', at);
  }

  private close(isObject: boolean): void {
    this.stack.pop();
    if (isObject) this.handler.closeObject();
    else this.handler.closeArray();
    this.afterValue();
  }

  private afterValue(): void {
    this.mode = this.stack.length === 0 ? Mode.Done : Mode.CommaOrClose;
  }

  private startString(isKey: boolean): void {
    this.isKey = isKey;
    this.text = '';
    this.textLength = 0;
    this.escape = 0;
    this.mode = Mode.String;
  }

  /** Reads string characters from `i`; returns where it stopped. */
  private readString(chunk: string, start: number): number {
    let i = start;
    const n = chunk.length;
    while (i < n) {
      if (this.escape > 0) {
        i = this.readEscape(chunk, i);
        continue;
      }
      // Copy a run of plain characters at once.
      let j = i;
      while (j < n) {
        const c = chunk.charCodeAt(j);
        if (c === 0x22 || c === 0x5c) break;
        if (c < 0x20) this.fail('a control character inside a string', j);
        j += 1;
      }
      if (j > i) this.append(chunk, i, j);
      if (j >= n) return n;
      if (chunk.charCodeAt(j) === 0x5c) {
        this.escape = 1;
        return j + 1;
      }
      this.finishString();
      return j + 1;
    }
    return i;
  }

  private readEscape(chunk: string, i: number): number {
    const ch = chunk[i] ?? '';
    if (this.escape === 1) {
      if (ch === 'u') {
        this.escape = 2;
        this.hex = '';
        return i + 1;
      }
      const plain = ESCAPES[ch];
      if (plain === undefined || !Object.hasOwn(ESCAPES, ch)) this.fail('an unknown escape', i);
      this.escape = 0;
      this.appendText(plain);
      return i + 1;
    }
    if (!/^[0-9a-fA-F]$/.test(ch)) this.fail('a \\u escape needs four hex digits', i);
    this.hex += ch;
    this.escape += 1;
    if (this.escape === 6) {
      this.escape = 0;
      this.appendText(String.fromCharCode(parseInt(this.hex, 16)));
    }
    return i + 1;
  }

  private append(chunk: string, from: number, to: number): void {
    const room = this.limits.maxStringChars - this.text.length;
    if (room > 0) this.text += chunk.slice(from, Math.min(to, from + room));
    this.textLength += to - from;
  }

  private appendText(piece: string): void {
    if (this.text.length < this.limits.maxStringChars) this.text += piece;
    this.textLength += piece.length;
  }

  private finishString(): void {
    let text = this.text;
    // Never end a cut string on half of a surrogate pair.
    if (this.textLength > text.length && /[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
    this.text = '';
    if (this.isKey) {
      this.mode = Mode.Colon;
      this.handler.key(text, this.textLength);
    } else {
      this.afterValue();
      this.handler.string(text, this.textLength);
    }
  }

  private finishToken(at: number): void {
    const token = this.token;
    this.token = '';
    if (this.mode === Mode.Literal) {
      if (!Object.hasOwn(LITERALS, token)) this.fail(`an unknown word "${token.slice(0, 8)}"`, at);
      this.afterValue();
      this.handler.literal(LITERALS[token] ?? null);
      return;
    }
    if (!NUMBER_PATTERN.test(token)) this.fail('a malformed number', at);
    this.afterValue();
    this.handler.number(Number(token));
  }

  private fail(what: string, at: number): never {
    throw new JsonSyntaxError(`Not valid JSON: ${what}`, this.consumed + at);
  }
}

/** Letters, digits and the signs a number or literal may hold. */
function isTokenChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) ||
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    c === 0x2d ||
    c === 0x2b ||
    c === 0x2e
  );
}
