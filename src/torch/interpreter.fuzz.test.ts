/**
 * Fuzzing the console interpreter with random and hostile lines: each must come back (runLine
 * never rejects) with output or a Python-style error with a message, within the evaluator's
 * step limit, and with output and values of bounded size, however the lines before it left the
 * session.
 */
import { describe, expect, it } from 'vitest';
import { createRng, HOSTILE_VALUES, randomText, type Rng } from '../state/testing/hostile';
import { fuzzReader, mutateLine, nested } from '../state/testing/mutate';
import { MAX_EVAL_STEPS } from './evaluate';
import { MAX_OUTPUT_CHARS, runLine, type RunResult } from './interpreter';
import { MAX_LINE_CHARS } from './lexer';
import { extentOf, MAX_SEQUENCE_DEPTH, MAX_SEQUENCE_SIZE, MAX_STRING_CHARS } from './values';
import { PRESETS } from './presets';
import { TorchSession } from './session';
import type { Value } from './values';

const CASES = 2500;
/** A fresh session every this many lines, so state built by earlier lines is fuzzed too. */
const LINES_PER_SESSION = 25;

/** Valid lines: the presets and lines that use every part of the console. */
const VALID_LINES: readonly string[] = [
  ...Object.values(PRESETS).flat(),
  'import torch.nn as nn',
  'from torch import nn',
  'import numpy as np',
  'a = torch.tensor([[1., 2.], [3., 4.]])',
  'b = a @ a + a',
  'c = (torch.ones(3, 2, 4) @ torch.ones(4, 5)).shape',
  'layer = nn.Linear(2, 1).to("cuda")',
  'layer(torch.ones(4, 2, device="cuda"))',
  'x = torch.arange(10, dtype=torch.float16, device="cuda")',
  'y = x * 2 - 1 / 3',
  'y.sum().item(), y.tolist(), y.numpy()',
  'z = x.cpu().pin_memory().to("cuda", non_blocking=True)',
  's = "ab" * 3; t = (1, 2.5, "c", None, True); u = [s, t]',
  'print(u, len(s), s[1:], t[-1], sep="|")',
  'n = 2 ** 40 // 7 % 5; m = -n if n > 2 else abs(n)',
  'a, b = 1, 2; del a',
  'torch.zeros_like(x).dtype == torch.float16 and not False',
  'torch.cuda.memory_allocated(), torch.cuda.memory_reserved()',
  'print(torch.cuda.memory_summary(abbreviated=True))',
  'help()',
  'w = torch.full((2, 3), 7.5); w.shape[0] in (2, 3)',
  'x += 1; x -= 1; x *= 2',
  'round(3.14159, 2), int("12"), float("1e3"), str(1.5), bool(0)',
];

/** Tokens that tend to break interpreters: keywords, huge numbers, brackets, operators. */
const VOCABULARY: readonly string[] = [
  ...VALID_LINES.join(' ').match(/\w+|[^\w\s]/g)!,
  'lambda',
  'for',
  'while',
  'def',
  'class',
  'yield',
  'await',
  'import os',
  '__import__',
  '__class__',
  '__builtins__',
  'eval',
  'exec',
  'open',
  'globals',
  '9'.repeat(30),
  '1e309',
  '2**53',
  '10**15',
  '0x' + 'f'.repeat(20),
  '1_000_000',
  '.5e-400',
  '**',
  '//',
  '@=',
  '->',
  ':=',
  '...',
  '\\',
  '"',
  "'",
  '"""',
  "f'{x}'",
  'b"x"',
  '#',
  ';',
  '\t',
  '\u201c',
  '\u00a0',
  '\u0000',
];

/** Hostile lines built to be expensive: huge strings and sequences, deep nesting, long chains. */
const NAMED_HOSTILE: readonly string[] = [
  "'a' * 2**52",
  "s = 'ab' * 10**8",
  "s = 'x' * 99999; s = s + s + s + s + s + s + s + s",
  "s = 'x' * 99999; print(s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s)",
  "s = 'x' * 99999; t = (s, s, s, s, s, s, s, s, s, s); t = (t, t, t, t, t, t, t, t, t, t)",
  "s = 'x' * 99999; t = (s, s, s, s, s, s, s, s, s, s); t = (t, t, t, t, t, t, t, t, t, t); str(t)",
  't = (1, 2, 3, 4, 5, 6, 7, 8); ' +
    Array.from({ length: 12 }, () => 't = (t, t, t, t, t, t, t, t)').join('; ') +
    '; t',
  'l = [1, 2, 3, 4, 5, 6, 7, 8]; ' +
    Array.from({ length: 20 }, () => 'l = l + l').join('; ') +
    '; len(l)',
  "s = 'ab'; " + Array.from({ length: 30 }, () => 's = s + s').join('; '),
  "s = 'ab' * 1000; " + Array.from({ length: 25 }, () => 's += s').join('; '),
  nested('(', ')', 99, '1'),
  nested('(', ')', 101, '1'),
  nested('[', ']', 500, '1'),
  nested('{', '}', 300),
  '-'.repeat(1990) + '1',
  'not '.repeat(490) + 'True',
  '2' + '**2'.repeat(600),
  '1' + '+1'.repeat(990),
  'x' + '.x'.repeat(990),
  'print' + '()'.repeat(990),
  "'a'" + '[0]'.repeat(600),
  'x = ' + 'torch.ones(64, 64) @ '.repeat(90) + 'torch.ones(64, 64)',
  'torch.randn(2**31, 2**31, 2**31, device="cuda")',
  'torch.ones(-1)',
  'torch.arange(0, 1e300, 1e-300)',
  'torch.tensor(' + nested('[', ']', 60, '1') + ')',
  'round(1.5, 10**9), round(1e308, -400), int(1e308 * 10)',
  'x'.repeat(MAX_LINE_CHARS + 1),
  '"' + 'a'.repeat(MAX_LINE_CHARS - 2),
  "'\\" + "'",
  '',
  ' ',
  '#',
  ';;;',
  '\u202e\u0000',
  ...HOSTILE_VALUES.map((v) => v.slice(0, 300)),
];

/** One hostile line: random text, a mutated valid line, several joined, or a named case. */
function hostileLine(rng: Rng): string {
  const r = rng.next();
  if (r < 0.1) return randomText(rng, 80);
  if (r < 0.15) return rng.pick(NAMED_HOSTILE);
  if (r < 0.25) return rng.pick(VALID_LINES);
  if (r < 0.35) {
    const parts = Array.from({ length: rng.int(2, 6) }, () => rng.pick(VALID_LINES));
    return mutateLine(rng, parts.join('; '), VOCABULARY, 2);
  }
  return mutateLine(rng, rng.pick(VALID_LINES), VOCABULARY, 4);
}

/** Characters a value holds, counting nested strings and items, stopping past `limit`. */
function valueSize(value: Value, limit: number, seen = new Set<Value>()): number {
  if (seen.has(value)) return 1;
  seen.add(value);
  if (value.kind === 'str') return value.value.length;
  if (value.kind !== 'tuple' && value.kind !== 'list') return 1;
  let total = value.items.length;
  for (const item of value.items) {
    total += valueSize(item, limit, seen);
    if (total > limit) return total;
  }
  return total;
}

/** Problems with one result and the session it left. */
function resultProblems(result: RunResult, session: TorchSession): string[] {
  const problems: string[] = [];
  if (result.steps > MAX_EVAL_STEPS) problems.push(`${result.steps} steps`);
  const outputChars = result.output.reduce((n, line) => n + line.length + 1, 0);
  if (outputChars > MAX_OUTPUT_CHARS + 200) problems.push(`${outputChars} chars of output`);
  if (result.error) {
    const display = result.error.display;
    if (typeof display !== 'string' || display.trim() === '') problems.push('an empty error');
    if (display.length > MAX_LINE_CHARS + 600) problems.push(`an error of ${display.length} chars`);
    if (result.error.hint !== undefined && result.error.hint.trim() === '')
      problems.push('an empty hint');
  }
  for (const [name, value] of session.variables) {
    if (value.kind === 'str' && value.value.length > MAX_STRING_CHARS)
      problems.push(`${name} holds a string of ${value.value.length} chars`);
    const extent = extentOf(value);
    if (extent.size > MAX_SEQUENCE_SIZE || extent.depth > MAX_SEQUENCE_DEPTH)
      problems.push(`${name} holds ${extent.size} items and characters, ${extent.depth} deep`);
  }
  return problems;
}

describe('console interpreter under hostile input', () => {
  it(`answers ${CASES} seeded hostile lines with output or an error, within budget (seed 14)`, async () => {
    let session = new TorchSession({ seed: 1 });
    let index = 0;
    const report = await fuzzReader(
      14,
      CASES,
      (rng) => {
        if (index++ % LINES_PER_SESSION === 0) session = new TorchSession({ seed: index });
        return rng.next() < 0.9 ? hostileLine(rng) : `import torch; ${hostileLine(rng)}`;
      },
      async (line) => resultProblems(await runLine(session, line), session),
      (line) => JSON.stringify(line.slice(0, 160)),
    );
    expect(report.failures).toEqual([]);
    expect(report.cases).toBe(CASES);
  });

  it('mutated lines reach the evaluator, not only the parser (the fuzz is not vacuous)', async () => {
    const rng = createRng(5);
    const session = new TorchSession();
    await runLine(session, 'import torch; import torch.nn as nn');
    const kinds = new Map<string, number>();
    for (let i = 0; i < 300; i += 1) {
      const result = await runLine(session, hostileLine(rng));
      const kind = result.error ? result.error.pyType : 'ok';
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    expect(kinds.get('ok') ?? 0).toBeGreaterThan(20);
    expect(kinds.get('SyntaxError') ?? 0).toBeGreaterThan(20);
    expect(kinds.size).toBeGreaterThan(4);
  });

  it('refuses lists nested or shared without end over many lines, and the session still works', async () => {
    // Before the limits, 100 lines of `l = [l]` overflowed the stack in the garbage collector
    // (runLine rejected), and twelve levels of `t = (t, t, …)` made it walk 8^13 items.
    const session = new TorchSession();
    await runLine(session, 'l = 0; t = (1, 2, 3, 4, 5, 6, 7, 8)');
    const deep = 'l = [l]; '.repeat(200);
    const shared = 't = (t, t, t, t, t, t, t, t); '.repeat(12) + 'x = 1';
    const errors: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      for (const line of [deep, shared]) {
        const result = await runLine(session, line);
        expect(resultProblems(result, session)).toEqual([]);
        if (result.error) errors.push(result.error.display);
      }
    }
    expect(errors.length).toBeGreaterThan(100);
    expect(errors.every((e) => e.startsWith('Not supported here: A '))).toBe(true);
    expect(errors).toContain(
      `Not supported here: A list nested more than ${MAX_SEQUENCE_DEPTH} deep is outside the small part of Python and PyTorch this console simulates.`,
    );
    expect((await runLine(session, 'len(t), 1 + 1')).output).toEqual(['(8, 2)']);
  });

  it('names each limit it applies: string length, output length, evaluation steps', async () => {
    const session = new TorchSession();
    const huge = await runLine(session, "'ab' * 10**8");
    expect(huge.error?.display).toMatch(/^Not supported here: A string of 200,000,000 characters/);
    expect(huge.error?.hint).toMatch(/strings up to 100,000 characters/);
    const printed = await runLine(session, "s = 'x' * 99999; print(s, s, s, s)");
    expect(printed.error).toBeNull();
    expect(printed.output.at(-1)).toMatch(
      /^\.\.\. \(output cut: this console shows at most 200,000/,
    );
    expect(printed.output.slice(0, -1).join('\n').length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    expect((await runLine(session, '1 + 1')).steps).toBe(3);
    expect(MAX_EVAL_STEPS).toBeGreaterThan(MAX_LINE_CHARS);
  });

  it('bounds every named hostile line, in a session that has run the presets', async () => {
    for (const line of NAMED_HOSTILE) {
      const session = new TorchSession();
      for (const preset of Object.values(PRESETS))
        for (const l of preset) await runLine(session, l);
      const result = await runLine(session, line);
      expect({ line: line.slice(0, 80), problems: resultProblems(result, session) }).toEqual({
        line: line.slice(0, 80),
        problems: [],
      });
      for (const value of session.variables.values())
        expect(valueSize(value, 10 * MAX_STRING_CHARS)).toBeLessThanOrEqual(10 * MAX_STRING_CHARS);
    }
  });
});
