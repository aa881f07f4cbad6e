import { describe, expect, it } from 'vitest';
import { closingParen, MAX_DEPTH, MAX_LINE_CHARS, parseModuleTree } from './tree';

const lines = (text: string) => text.split('\n');

describe('parseModuleTree', () => {
  it('reads the root, children, one-line modules and repeats', () => {
    const { root, unused, unclosed } = parseModuleTree(
      lines(
        [
          'Net(',
          '  (fc): Linear(in_features=3, out_features=(4), bias=True)',
          '  (h): ModuleList(',
          '    (2-13): 12 x Block(',
          "      (act): GELU(approximate='none')",
          '    )',
          '  )',
          ')',
        ].join('\n'),
      ),
    );
    expect(unused).toEqual([]);
    expect(unclosed).toBe(0);
    expect(root).toMatchObject({ name: '', type: 'Net', line: 1, repeat: 1 });
    const [fc, h] = root?.children ?? [];
    expect(fc).toMatchObject({
      name: 'fc',
      type: 'Linear',
      args: 'in_features=3, out_features=(4), bias=True',
    });
    expect(h?.children[0]).toMatchObject({
      name: '2-13',
      type: 'Block',
      repeat: 12,
      firstIndex: 2,
    });
    expect(h?.children[0]?.children[0]).toMatchObject({
      type: 'GELU',
      args: "approximate='none'",
      line: 5,
    });
  });

  it('names every line it cannot use, with why', () => {
    const { root, unused } = parseModuleTree(
      lines(
        [
          'model = Net()',
          ')',
          '(x): Linear(in_features=3, out_features=4)',
          'Net(',
          '  (0-11): 10 x Block()',
          '  (0-1): Block()',
          '  (a): Linear(in_features=3',
          '  (b): ReLU() trailing',
          '  stray text',
          '  Root(',
          '    (c): ReLU()',
          '  )',
          ')',
          'Other(',
        ].join('\n'),
      ),
    );
    expect(root?.type).toBe('Net');
    expect(root?.children).toEqual([]);
    expect(unused.map((u) => [u.line, u.reason])).toEqual([
      [1, 'before the model: not a module line: expected "Type(...)"'],
      [2, 'closes no module'],
      [3, 'before the model: a child line outside any module'],
      [5, 'the repeat 0-11 does not hold 10 copies'],
      [6, 'a repeat needs both a range "(0-11)" and a count "12 x"'],
      [7, 'its arguments are not closed on this line'],
      [8, 'text follows the closing parenthesis'],
      [9, 'not a module line: expected "Type(...)"'],
      [10, 'not a child module line: expected "(name): Type(...)"'],
      [11, 'inside line 10, which was not read'],
      [12, 'closes line 10, which was not read'],
      [14, 'after the end of the model (line 13)'],
    ]);
  });

  it("reads children written on their parent's line, nested, and names a bad one", () => {
    const { root, unused } = parseModuleTree([
      'Net((body): Sequential((0): Linear(784, 128), (1): ReLU()) (head): Linear(128, 10))',
    ]);
    expect(unused).toEqual([]);
    expect(root).toMatchObject({ type: 'Net', args: '', line: 1 });
    expect(root?.children.map((c) => [c.name, c.type, c.args, c.line])).toEqual([
      ['body', 'Sequential', '', 1],
      ['head', 'Linear', '128, 10', 1],
    ]);
    expect(root?.children[0]?.children.map((c) => [c.name, c.type, c.args])).toEqual([
      ['0', 'Linear', '784, 128'],
      ['1', 'ReLU', ''],
    ]);
    // Values in parentheses are arguments, not children.
    expect(parseModuleTree(['LayerNorm((768,), eps=1e-05)']).root?.args).toBe('(768,), eps=1e-05');
    const bad = parseModuleTree(['Net(', '  (a): Block((fc): Linear(2, 3) (x): y)', ')']);
    expect(bad.unused.map((u) => u.reason)).toEqual([
      'not a module: expected "(name): Type(...)" at "(x): y"',
    ]);
    const deep = parseModuleTree([
      `${'A((a): '.repeat(MAX_DEPTH + 1)}B()${')'.repeat(MAX_DEPTH + 1)}`,
    ]);
    expect(deep.root).toBeNull();
    expect(deep.unused[0]?.reason).toMatch(/nested deeper than/);
  });

  it('counts modules left open, and bounds depth and line length', () => {
    expect(parseModuleTree(['Net(', '  (a): Sequential(']).unclosed).toBe(2);
    const deep = ['A(', ...Array.from({ length: MAX_DEPTH + 2 }, () => '(a): Sequential(')];
    const { unused } = parseModuleTree(deep);
    expect(unused.map((u) => u.line)).toEqual([MAX_DEPTH + 1, MAX_DEPTH + 2, MAX_DEPTH + 3]);
    expect(unused[0]?.reason).toBe(`nested deeper than ${MAX_DEPTH} modules`);
    const long = parseModuleTree(['Net(', `  (a): ReLU(${'x'.repeat(MAX_LINE_CHARS)})`, ')']);
    expect(long.unused[0]?.reason).toMatch(/longer than/);
    expect(long.unused[0]?.text.length).toBeLessThanOrEqual(200);
  });

  it('finds the closing parenthesis past quotes and brackets', () => {
    expect(closingParen("a=')', b=(1, 2))")).toBe(15);
    expect(closingParen('a=(1')).toBe(-1);
  });
});
