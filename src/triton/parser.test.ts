/** The kernel parser: Python's layout rules, the statements kernels use, and line numbers. */
import { describe, expect, it } from 'vitest';
import type { Expr, FunctionDef, Stmt } from './ast';
import { tokenize } from './lexer';
import { parseModule } from './parser';

const kinds = (source: string) =>
  tokenize(source).map((t) => (t.kind === 'name' || t.kind === 'op' ? t.text : t.kind));

describe('tokenize', () => {
  it('makes INDENT, DEDENT and NEWLINE as Python does', () => {
    expect(kinds('def f(x):\n    y = x\n\n    # a comment\n    return y\nz = 1\n')).toEqual([
      'def',
      'f',
      '(',
      'x',
      ')',
      ':',
      'newline',
      'indent',
      'y',
      '=',
      'x',
      'newline',
      'return',
      'y',
      'newline',
      'dedent',
      'z',
      '=',
      'number',
      'newline',
      'end',
    ]);
  });

  it('joins lines inside brackets and after a backslash', () => {
    expect(kinds('f(a,\n  b)\nx = 1 + \\\n    2\n')).toEqual([
      'f',
      '(',
      'a',
      ',',
      'b',
      ')',
      'newline',
      'x',
      '=',
      'number',
      '+',
      'number',
      'newline',
      'end',
    ]);
  });

  it('reads the operators masks are built with', () => {
    expect(kinds('m = (a < n) & ~(b >= m) | c ^ d << 2 >> 1')).toContain('&');
    expect(kinds('m &= a')).toContain('&=');
    expect(kinds('~x')).toEqual(['~', 'x', 'newline', 'end']);
  });

  it('reads numbers, strings and triple-quoted docstrings, keeping lines', () => {
    const tokens = tokenize('x = 1e-5\ny = 0x10 + 1_000 + .5\n"""doc\nstring"""\nz = \'a\'\n');
    const numbers = tokens
      .filter((t) => t.kind === 'number')
      .map((t) => (t as { value: number }).value);
    expect(numbers).toEqual([1e-5, 16, 1000, 0.5]);
    const z = tokens.find((t) => t.kind === 'name' && t.text === 'z');
    expect(z?.line).toBe(5);
  });
});

describe('parseModule', () => {
  const kernel = `import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n,
      BLOCK: tl.constexpr = 128):
    """Docstring."""
    offs = tl.arange(0, BLOCK)  # trailing comment
    for i in range(0, n, BLOCK):
        if BLOCK > 64:
            offs += 1
        else:
            pass
    tl.store(x_ptr + offs[:, None], 1.0, mask=offs[None, :] < n)
`;

  it('reads a decorated kernel with a multi-line signature, defaults and annotations', () => {
    const module = parseModule(kernel);
    expect(module.map((s) => s.kind)).toEqual(['import', 'import', 'def']);
    const def = module[2] as FunctionDef;
    expect(def.line).toBe(5);
    expect(def.params.map((p) => [p.name, p.line, p.default !== null])).toEqual([
      ['x_ptr', 5, false],
      ['n', 5, false],
      ['BLOCK', 6, true],
    ]);
    expect(def.body.map((s) => [s.kind, s.line])).toEqual([
      ['expr', 7],
      ['assign', 8],
      ['for', 9],
      ['expr', 14],
    ]);
    const loop = def.body[2] as Extract<Stmt, { kind: 'for' }>;
    const branch = loop.body[0] as Extract<Stmt, { kind: 'if' }>;
    expect([branch.body[0]?.kind, branch.orelse[0]?.kind]).toEqual(['augassign', 'pass']);
  });

  it('reads [:, None] as a tuple of a full slice and None', () => {
    const store = (parseModule(kernel)[2] as FunctionDef).body[3] as Extract<
      Stmt,
      { kind: 'expr' }
    >;
    const call = store.expr as Extract<Expr, { kind: 'call' }>;
    const ptr = call.args[0] as Extract<Expr, { kind: 'binary' }>;
    const index = (ptr.right as Extract<Expr, { kind: 'subscript' }>).index as Extract<
      Expr,
      { kind: 'tuple' }
    >;
    expect(index.items.map((i) => i.kind)).toEqual(['slice', 'const']);
    expect(call.keywords.map((k) => k.name)).toEqual(['mask']);
  });

  it('reads a lambda grid and a launch', () => {
    const [grid, launch] = parseModule(
      'grid = lambda meta: (triton.cdiv(n, meta["B"]),)\nk[grid](x, n, B=4)\n',
    );
    expect(grid?.kind === 'assign' && grid.value.kind).toBe('lambda');
    expect(launch?.kind === 'expr' && launch.expr.kind === 'call' && launch.expr.func.kind).toBe(
      'subscript',
    );
  });

  it('reads elif chains and annotated constexpr assignments', () => {
    const [s, a] = parseModule(
      'if a:\n    x = 1\nelif b:\n    x = 2\nelse:\n    x = 3\nB: tl.constexpr = 64\n',
    );
    expect(s?.kind === 'if' && s.orelse[0]?.kind).toBe('if');
    expect(a?.kind).toBe('annassign');
  });

  it.each([
    ['x = (1,\n', "line 1: '(' was never closed"],
    ['x = 1)\n', "line 1: unmatched ')'"],
    ['x = [1)\n', "line 1: closing parenthesis ')' does not match opening parenthesis '['"],
    ['x = "abc\n', 'line 1: unterminated string literal (detected at line 1)'],
    ['x = 1 +\n', 'line 1: invalid syntax: the end of the line at column 8'],
    ['x = 3abc\n', 'line 1: invalid decimal literal'],
    ['x = $\n', "line 1: invalid character '$' (U+0024)"],
    ['if x:\ny = 1\n', 'line 2: expected an indented block'],
    ['f(x=1, 2)\n', 'line 1: positional argument follows keyword argument'],
    [
      'a < b < c\n',
      'line 1: A chained comparison (a < b < c) is outside the Triton subset this runtime implements',
    ],
    ['x = f"{a}"\n', 'line 1: An f-string is outside the Triton subset this runtime implements'],
    [
      'x = [i for i in y]\n',
      'line 1: A comprehension is outside the Triton subset this runtime implements',
    ],
    [
      'with a:\n    pass\n',
      'line 1: A with statement is outside the Triton subset this runtime implements',
    ],
    [
      'def f(*args):\n    pass\n',
      'line 1: A "*" parameter is outside the Triton subset this runtime implements',
    ],
    [
      'f(x) = 1\n',
      "line 1: cannot assign to function call here. Maybe you meant '==' instead of '='?",
    ],
  ])('refuses %j', (source, message) => {
    expect(() => parseModule(source)).toThrow(message);
  });
});
