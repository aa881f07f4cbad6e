import { describe, expect, it } from 'vitest';
import { PyError } from './errors';
import { MAX_LINE_CHARS, tokenize } from './lexer';
import { parseLine } from './parser';

function syntaxMessage(line: string): string {
  try {
    parseLine(line);
  } catch (error) {
    if (error instanceof PyError) return error.display;
    throw error;
  }
  throw new Error(`"${line}" parsed`);
}

describe('tokenizer', () => {
  it('reads names, numbers, strings and operators with positions', () => {
    const tokens = tokenize('x = torch.randn(2, 3.5e1, "cuda") ** 2 # comment');
    expect(tokens.map((t) => t.kind)).toEqual([
      'name',
      'op',
      'name',
      'op',
      'name',
      'op',
      'number',
      'op',
      'number',
      'op',
      'string',
      'op',
      'op',
      'number',
      'end',
    ]);
    expect(tokens[8]).toMatchObject({ kind: 'number', value: 35, isFloat: true });
    expect(tokens[10]).toMatchObject({ kind: 'string', value: 'cuda' });
  });

  it('reads underscores, hex and escapes', () => {
    expect(tokenize('1_000')[0]).toMatchObject({ value: 1000, isFloat: false });
    expect(tokenize('0x10')[0]).toMatchObject({ value: 16 });
    expect(tokenize("'a\\'b'")[0]).toMatchObject({ value: "a'b" });
  });
});

describe('parser', () => {
  it('parses assignments, chained assignments and tuple targets', () => {
    expect(parseLine('a = b = 1')[0]).toMatchObject({
      kind: 'assign',
      targets: [{ id: 'a' }, { id: 'b' }],
    });
    expect(parseLine('a, b = x.shape')[0]).toMatchObject({
      kind: 'assign',
      targets: [{ kind: 'tuple' }],
    });
    expect(parseLine('x += 1')[0]).toMatchObject({ kind: 'augassign', op: '+' });
  });

  it('parses the three import forms', () => {
    expect(parseLine('import torch')[0]).toEqual({
      kind: 'import',
      names: [{ name: 'torch', alias: null }],
    });
    expect(parseLine('import torch.nn as nn')[0]).toEqual({
      kind: 'import',
      names: [{ name: 'torch.nn', alias: 'nn' }],
    });
    expect(parseLine('from torch import nn')[0]).toEqual({
      kind: 'from',
      module: 'torch',
      names: [{ name: 'nn', alias: null }],
    });
  });

  it('follows precedence: @ and * above +, ** binds right, unary minus below **', () => {
    expect(parseLine('a + b @ c')[0]).toMatchObject({ expr: { op: '+', right: { op: '@' } } });
    expect(parseLine('-2 ** 2')[0]).toMatchObject({
      expr: { kind: 'unary', operand: { op: '**' } },
    });
    expect(parseLine('2 ** 3 ** 2')[0]).toMatchObject({ expr: { op: '**', right: { op: '**' } } });
  });

  it('parses calls with keywords, conditional expressions and several statements', () => {
    const [stmt] = parseLine('torch.device("cuda" if torch.cuda.is_available() else "cpu")');
    expect(stmt).toMatchObject({ expr: { kind: 'call', args: [{ kind: 'ifexp' }] } });
    expect(parseLine('x.to("cuda", non_blocking=True)')[0]).toMatchObject({
      expr: { keywords: [{ name: 'non_blocking', value: { kind: 'const', value: true } }] },
    });
    expect(parseLine('a = 1; b = 2')).toHaveLength(2);
    expect(parseLine('   # only a comment')).toEqual([]);
  });

  it('parses tuples, lists, subscripts and slices', () => {
    expect(parseLine('(1,)')[0]).toMatchObject({ expr: { kind: 'tuple' } });
    expect(parseLine('(1)')[0]).toMatchObject({ expr: { kind: 'number' } });
    expect(parseLine('x.shape[1:]')[0]).toMatchObject({
      expr: { kind: 'subscript', index: { kind: 'slice' } },
    });
  });
});

describe('malformed input', () => {
  it('names unbalanced brackets as Python 3.12 does', () => {
    expect(syntaxMessage('torch.randn(2, 3')).toBe("SyntaxError: '(' was never closed");
    expect(syntaxMessage('x)')).toBe("SyntaxError: unmatched ')'");
    expect(syntaxMessage('torch.randn(2, 3]')).toBe(
      "SyntaxError: closing parenthesis ']' does not match opening parenthesis '('",
    );
  });

  it('rejects bad tokens, strings and numbers', () => {
    expect(syntaxMessage('x = $')).toBe('SyntaxError: invalid syntax');
    expect(syntaxMessage('x = “cuda”')).toBe("SyntaxError: invalid character '“' (U+201C)");
    expect(syntaxMessage('"cuda')).toBe(
      'SyntaxError: unterminated string literal (detected at line 1)',
    );
    expect(syntaxMessage('x = 1abc')).toBe('SyntaxError: invalid decimal literal');
    expect(syntaxMessage('x = ')).toBe('SyntaxError: invalid syntax');
    expect(syntaxMessage('print "hi"')).toMatch(/Missing parentheses in call to 'print'/);
    expect(syntaxMessage('f(x) = 1')).toMatch(/cannot assign to function call/);
  });

  it('refuses very long lines and deep nesting without overflowing the stack', () => {
    expect(syntaxMessage('x'.repeat(MAX_LINE_CHARS + 1))).toMatch(/^SyntaxError: line too long/);
    expect(syntaxMessage(`${'('.repeat(500)}1${')'.repeat(500)}`)).toBe(
      'SyntaxError: too many nested parentheses',
    );
    expect(syntaxMessage(`${'-'.repeat(1500)}1`)).toBe('SyntaxError: too many nested parentheses');
  });

  it('says "not supported" for blocks and unsupported syntax', () => {
    expect(syntaxMessage('for i in range(3):')).toMatch(/^Not supported here: The "for" statement/);
    expect(syntaxMessage('if x:')).toMatch(/^Not supported here: An if statement/);
    expect(syntaxMessage('f"{x}"')).toMatch(/^Not supported here: An f-string/);
    expect(syntaxMessage('{1: 2}')).toMatch(/^Not supported here: A dict/);
    expect(syntaxMessage('[x for x in y]')).toMatch(/^Not supported here: A comprehension/);
  });
});
