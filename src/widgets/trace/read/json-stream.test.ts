import { describe, expect, it } from 'vitest';
import { chunksOf } from '../testing/trace-builder';
import { JsonSyntaxError, JsonTokenizer, type JsonHandler } from './json-stream';

/** Every token as text, for comparing runs. */
function tokens(chunks: readonly string[], maxStringChars = 1000): string[] {
  const out: string[] = [];
  const handler: JsonHandler = {
    openObject: () => out.push('{'),
    closeObject: () => out.push('}'),
    openArray: () => out.push('['),
    closeArray: () => out.push(']'),
    key: (t, n) => out.push(`k:${t}:${n}`),
    string: (t, n) => out.push(`s:${t}:${n}`),
    number: (v) => out.push(`n:${v}`),
    literal: (v) => out.push(`l:${String(v)}`),
  };
  const tokenizer = new JsonTokenizer(handler, { maxStringChars, maxDepth: 16 });
  for (const chunk of chunks) tokenizer.write(chunk);
  tokenizer.end();
  return out;
}

const SAMPLE =
  '{"a": [1, -2.5e3, 0, true, false, null], "é\\u00e9": "x\\"y\\\\z\\n\\t\\/", ' +
  '"emoji": "\\ud83d\\ude00 😀", "nested": {"k": [{}, []]}, "n": 1E+2}';

describe('JsonTokenizer', () => {
  it('reads every kind of token', () => {
    expect(tokens([SAMPLE])).toEqual([
      '{',
      'k:a:1',
      '[',
      'n:1',
      'n:-2500',
      'n:0',
      'l:true',
      'l:false',
      'l:null',
      ']',
      'k:éé:2',
      's:x"y\\z\n\t/:8',
      'k:emoji:5',
      's:😀 😀:5',
      'k:nested:6',
      '{',
      'k:k:1',
      '[',
      '{',
      '}',
      '[',
      ']',
      ']',
      '}',
      'k:n:1',
      'n:100',
      '}',
    ]);
  });

  it('gives the same tokens however the text is cut, even inside escapes and numbers', () => {
    const whole = tokens([SAMPLE]);
    for (const sizes of [[1], [2], [3, 1], [7, 2, 5], [13]]) {
      expect(tokens(chunksOf(SAMPLE, sizes))).toEqual(whole);
    }
    for (let cut = 0; cut <= SAMPLE.length; cut += 1) {
      expect(tokens([SAMPLE.slice(0, cut), SAMPLE.slice(cut)])).toEqual(whole);
    }
  });

  it('caps long strings and reports their full length, never splitting a surrogate pair', () => {
    const long = 'x'.repeat(100_000);
    expect(tokens([`["${long}"]`], 10)).toEqual(['[', `s:${'x'.repeat(10)}:100000`, ']']);
    expect(tokens(['["abc😀def"]'], 4)).toEqual(['[', 's:abc:8', ']']);
  });

  it('refuses what is not JSON, with the offset', () => {
    const fault = (text: string) => {
      try {
        tokens([text]);
      } catch (error) {
        return error as JsonSyntaxError;
      }
      return null;
    };
    for (const bad of [
      '{a:1}',
      '[1,]',
      '[01]',
      '{"a" 1}',
      '[tru]',
      '"\\x"',
      '["a\nb"]',
      '[1] 2',
      '<html>',
      '[-]',
    ]) {
      const error = fault(bad);
      expect(error, bad).toBeInstanceOf(JsonSyntaxError);
      expect(error?.truncated, bad).toBe(false);
    }
    expect(fault('[1, 2')?.truncated).toBe(true);
    expect(fault('{"a": "b')?.truncated).toBe(true);
    expect(fault('')?.truncated).toBe(true);
    expect(fault('[1, x]')?.offsetChars).toBe(4);
  });

  it('refuses nesting past its limit', () => {
    expect(() => tokens(['['.repeat(17) + ']'.repeat(17)])).toThrow(/nested too deeply/);
  });
});
