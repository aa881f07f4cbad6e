import { describe, expect, it } from 'vitest';
import {
  BUDGET_CONST,
  instrumentLoops,
  originalColumn,
  OUT_OF_BUDGET_FN,
  withoutComments,
} from './instrument';

const TICK = (n: number) =>
  ` gpulab_n${n} += 1u; if (gpulab_n${n} > ${BUDGET_CONST}) { ${OUT_OF_BUDGET_FN}(); break; }`;

describe('loop instrumentation', () => {
  it('counts every kind of loop and breaks out past the budget', () => {
    const code = [
      'fn f() {',
      '  for (var i = 0u; i < 4u; i++) { x(); }',
      '  while (k < 3u) { k++; }',
      '  loop { if (done) { break; } }',
      '}',
    ].join('\n');
    const { code: out, loops } = instrumentLoops(code);
    expect(loops).toBe(3);
    const lines = out.split('\n');
    expect(lines[1]).toBe(
      `  var gpulab_n0: u32 = 0u; for (var i = 0u; i < 4u; i++) {${TICK(0)} x(); }`,
    );
    expect(lines[2]).toBe(`  var gpulab_n1: u32 = 0u; while (k < 3u) {${TICK(1)} k++; }`);
    expect(lines[3]).toBe(`  var gpulab_n2: u32 = 0u; loop {${TICK(2)} if (done) { break; } }`);
  });

  it('keeps every line where it was', () => {
    const code =
      'fn f() {\n  for (var i = 0u;\n       i < 4u;\n       i++)\n  {\n    x();\n  }\n}\n';
    const { code: out } = instrumentLoops(code);
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
    expect(out.split('\n')[4]).toBe(`  {${TICK(0)}`);
  });

  it('gives a nest one counter, declared before its outermost loop', () => {
    const code = 'for (var i = 0u; i < n; i++) { for (var j = 0u; j < n; j++) { loop { } } }';
    const { code: out, loops } = instrumentLoops(code);
    expect(loops).toBe(3);
    expect(out.match(/var gpulab_n/g)).toHaveLength(1);
    expect(out.match(/gpulab_n0 \+= 1u/g)).toHaveLength(3);
    expect(out).not.toContain('gpulab_n1');
  });

  it('gives separate nests separate counters', () => {
    const { code: out } = instrumentLoops('loop { }\nloop { }');
    expect(out).toContain('var gpulab_n0');
    expect(out).toContain('var gpulab_n1');
  });

  it('skips loops in comments and words that only contain a keyword', () => {
    const code = [
      '// for (;;) { }',
      '/* while (x) { /* loop { } */ } */',
      'let format = loops + whileish + for_each;',
    ].join('\n');
    const result = instrumentLoops(code);
    expect(result.loops).toBe(0);
    expect(result.code).toBe(code);
  });

  it('leaves a loop without a body alone for the compiler to report', () => {
    expect(instrumentLoops('for (var i = 0u; i < 3u; i++) ;').loops).toBe(0);
    expect(instrumentLoops('while (x) ;').loops).toBe(0);
  });

  it('maps columns back past inserted text', () => {
    const code = '  for (var i = 0u; i < 4u; i++) { oops; }';
    const { code: out, insertions } = instrumentLoops(code);
    const outColumn = out.indexOf('oops') + 1;
    expect(originalColumn(insertions, 1, outColumn)).toBe(code.indexOf('oops') + 1);
    // Before any insertion, and on other lines, columns are unchanged.
    expect(originalColumn(insertions, 1, 1)).toBe(1);
    expect(originalColumn(insertions, 2, 9)).toBe(9);
    // A column inside inserted text maps to where it went in.
    expect(originalColumn(insertions, 1, 5)).toBe(3);
  });

  it('removes comments but keeps newlines and columns', () => {
    const code = 'a // b\n/* c\n d */ e';
    const clean = withoutComments(code);
    expect(clean.split('\n')).toHaveLength(3);
    expect(clean.replace(/ /g, '')).toBe('a\n\ne');
    expect(clean.indexOf('e')).toBe(code.lastIndexOf('e'));
  });
});
