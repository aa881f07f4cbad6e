import { describe, expect, it } from 'vitest';
import { findPuzzle } from './catalog';
import { describeDiagnostic, diagnosticsFor } from './diagnostics';
import { assembleProgram, mapPosition, puzzleHeader, STATUS_BINDING } from './program';

const zip = findPuzzle('zip')!;
const histogram = findPuzzle('histogram')!;

describe('assembling a puzzle program', () => {
  it('declares the constants, the Size uniform and the buffers above the learner code', () => {
    expect(puzzleHeader(histogram).split('\n')).toEqual([
      'const WG: u32 = 64u;',
      'const BINS: u32 = 16u;',
      'struct Size { n: u32 }',
      '@group(0) @binding(0) var<uniform> size: Size;',
      '@group(0) @binding(1) var<storage, read> a: array<u32>;',
      '@group(0) @binding(2) var<storage, read_write> bins: array<atomic<u32>>;',
    ]);
  });

  it('puts the status buffer and the budget after the learner code', () => {
    const program = assembleProgram(zip, zip.solution);
    expect(program.code.indexOf(zip.solution.trim())).toBeGreaterThan(0);
    expect(program.code).toContain(
      `@binding(${STATUS_BINDING}) var<storage, read_write> gpulab_status`,
    );
    expect(program.code.indexOf('gpulab_status')).toBeGreaterThan(program.code.indexOf('fn main'));
  });

  it("maps program lines to the header, the learner's lines and columns, and the footer", () => {
    const code = 'fn main() {\n  for (var i = 0u; i < 2u; i++) { bad; }\n}';
    const program = assembleProgram(zip, code);
    const h = program.headerLines;
    expect(h).toBe(puzzleHeader(zip).split('\n').length);
    expect(mapPosition(program, 2, 4)).toEqual({ region: 'header', line: 2, column: 4 });
    expect(mapPosition(program, h + 1, 4)).toEqual({ region: 'learner', line: 1, column: 4 });
    const line2 = program.code.split('\n')[h + 1]!;
    expect(mapPosition(program, h + 2, line2.indexOf('bad') + 1)).toEqual({
      region: 'learner',
      line: 2,
      column: code.split('\n')[1]!.indexOf('bad') + 1,
    });
    expect(mapPosition(program, h + 4, 1).region).toBe('footer');
  });
});

describe("the compiler's messages in the learner's terms", () => {
  it('places errors at their line and column, errors first, and says when one is elsewhere', () => {
    const code = 'fn main() {\n  let x = ;\n}';
    const program = assembleProgram(zip, code);
    const h = program.headerLines;
    const diagnostics = diagnosticsFor(program, [
      { type: 'warning', lineNum: h + 1, linePos: 1, message: 'unused' },
      { type: 'error', lineNum: h + 2, linePos: 11, message: 'expected expression' },
      { type: 'error', lineNum: 3, linePos: 1, message: 'redeclaration of b' },
      { type: 'error', lineNum: 0, linePos: 0, message: 'somewhere' },
    ]);
    expect(diagnostics.map(describeDiagnostic)).toEqual([
      'line 2, column 11: error: expected expression',
      "in the puzzle's fixed declarations (line 3); a name of yours may clash with one of them: error: redeclaration of b",
      'no position: error: somewhere',
      'line 1, column 1: warning: unused',
    ]);
  });
});
