import { describe, expect, it } from 'vitest';
import { createRng } from '../../../../state/testing/hostile';
import { analyzeNetwork } from '../layers';
import { parsePrintedModel } from './parse-printed-model';
import { fixture, PRINTED_CASES } from './testing/fixtures';
import type { PrintedModelInput, PrintedModelResult } from './types';

const IMAGE: PrintedModelInput = {
  mode: 'train',
  seq: 16,
  image: { channels: 3, height: 32, width: 32 },
};

/** The result of reading `text`, or the RangeError it was refused with; anything else fails. */
function read(text: string, input: PrintedModelInput = IMAGE): PrintedModelResult | RangeError {
  try {
    return parsePrintedModel(text, input);
  } catch (error) {
    expect(error).toBeInstanceOf(RangeError);
    const message = (error as RangeError).message;
    expect(message.length).toBeGreaterThan(10);
    expect(message).not.toMatch(/internal error/);
    return error as RangeError;
  }
}

/** A result that is plain data, every layer accepted by the engine. */
function expectPlain(result: PrintedModelResult): void {
  expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  for (const layer of result.layers) expect(Object.getPrototypeOf(layer)).toBe(Object.prototype);
  expect(() => analyzeNetwork(result.layers)).not.toThrow();
}

describe('parsePrintedModel on junk', () => {
  it('refuses text that is not a repr, with a message', () => {
    for (const text of ['', 'hello world', '{"layers": []}', ')))', 'print(model)']) {
      expect(() => parsePrintedModel(text, IMAGE)).toThrow(/no module found/);
    }
    expect(() => parsePrintedModel(42 as never, IMAGE)).toThrow(/as text/);
  });

  it('reads a text cut short, and names the closing lines that close nothing', () => {
    const cut = fixture('resnet50').split('\n').slice(0, 30).join('\n');
    const result = read(cut, {
      mode: 'inference',
      image: { channels: 3, height: 224, width: 224 },
    });
    expect(result).not.toBeInstanceOf(RangeError);
    expect((result as PrintedModelResult).notes.join('\n')).toMatch(/ends inside 3 module/);
    const extra = `${fixture('mlp')})\n)\n`;
    const { unused } = parsePrintedModel(extra, { mode: 'train' });
    expect(unused.map((u) => u.reason)).toEqual([
      'after the end of the model (line 8)',
      'after the end of the model (line 8)',
    ]);
  });

  it('names absurd sizes as unused lines and goes on', () => {
    const text = [
      'Sequential(',
      '  (0): Linear(in_features=1e12, out_features=10, bias=True)',
      '  (1): Linear(in_features=10, out_features=10, bias=True)',
      '  (2): Linear(in_features=16777216, out_features=16777216, bias=True)',
      '  (3): Conv2d(3, 4, kernel_size=(99999, 3))',
      ')',
    ].join('\n');
    const result = parsePrintedModel(text, { mode: 'inference' });
    expect(result.layers.map((l) => l.name)).toEqual(['1']);
    expect(result.unused.map((u) => [u.line, u.reason.split(';')[0]])).toEqual([
      [2, 'in_features is 1000000000000: it must be a whole number from 1 to 16777216'],
      [4, 'more than 10000000000000 parameters in one module'],
      [5, 'kernel_size is 99999: it must be a whole number from 1 to 4096'],
    ]);
  });

  it('refuses 100,000 lines and a model that expands past its bounds, quickly', () => {
    const lines = `Sequential(\n${'  (0): ReLU()\n'.repeat(100_000)})`;
    expect(() => parsePrintedModel(lines, IMAGE)).toThrow(/100002 lines/);
    const nested = [
      'M(',
      '  (l): ModuleList(',
      '    (0-99999): 100000 x B(',
      '      (l): ModuleList(',
      '        (0-99999): 100000 x Identity()',
      '      )',
      '    )',
      '  )',
      ')',
    ].join('\n');
    expect(() => parsePrintedModel(nested, IMAGE)).toThrow(/more than 200000 module visits/);
    const wide = 'L(\n  (0-99999): 100000 x Linear(in_features=3, out_features=3, bias=True)\n)';
    expect(() => parsePrintedModel(wide, IMAGE)).toThrow(/more than 20000 layers/);
    expect(() => parsePrintedModel(' '.repeat(2_000_001), IMAGE)).toThrow(/longer than/);
  });

  it('keeps __proto__ and other names as plain strings', () => {
    const text = [
      'Sequential(',
      '  (__proto__): Linear(in_features=3, out_features=4, bias=True)',
      '  (constructor): ReLU()',
      '  (hasOwnProperty): Linear(in_features=4, out_features=2, bias=True)',
      ')',
    ].join('\n');
    const result = parsePrintedModel(text, { mode: 'train' });
    expect(result.layers.map((l) => l.name)).toEqual([
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'loss',
    ]);
    expectPlain(result);
    expect(({} as Record<string, unknown>).inFeatures).toBeUndefined();
  });

  it('refuses markup and other characters in names, naming the line and its subtree', () => {
    const text = [
      'Sequential(',
      '  (<img src=x onerror=alert(1)>): Linear(in_features=3, out_features=4, bias=True)',
      '  (a b): Sequential(',
      '    (0): ReLU()',
      '  )',
      '  (ok): Linear(in_features=3, out_features=4, bias=True)',
      ')',
    ].join('\n');
    const { layers, unused } = parsePrintedModel(text, { mode: 'inference' });
    expect(layers.map((l) => l.name)).toEqual(['ok']);
    expect(unused.map((u) => u.line)).toEqual([2, 3, 4, 5]);
    expect(unused[0]?.reason).toMatch(/not a Python identifier/);
    expect(unused[2]?.reason).toMatch(/inside line 3/);
  });

  it('bounds nesting depth', () => {
    const deep = `A(\n${'  (a): Sequential(\n'.repeat(5000)}  (x): ReLU()\n${')\n'.repeat(5001)}`;
    const result = read(deep);
    expect(result).toBeInstanceOf(RangeError);
  });
});

const JUNK = ['(', ')', '((', ',', '=', '__proto__', '<b>', 'x', '1e308', '-1', 'None', "'"];
const NUMBERS = ['0', '-3', '1e12', '2.5', '16777217', 'NaN', '()', '(1, 2, 3)', 'None'];

/** One random edit of `lines`: drop, repeat, swap, cut, or garble part of a line. */
function mutate(lines: string[], next: () => number): string[] {
  const pick = (n: number) => Math.floor(next() * n);
  const out = [...lines];
  const at = pick(out.length);
  const line = out[at] ?? '';
  switch (pick(7)) {
    case 0:
      out.splice(at, 1);
      break;
    case 1:
      out.splice(at, 0, line);
      break;
    case 2: {
      const other = pick(out.length);
      out[at] = out[other] ?? '';
      out[other] = line;
      break;
    }
    case 3:
      out.length = at;
      break;
    case 4: {
      const cut = pick(line.length + 1);
      out[at] = line.slice(0, cut) + (JUNK[pick(JUNK.length)] ?? '') + line.slice(cut);
      break;
    }
    case 5:
      out[at] = line.replace(/\d+/, NUMBERS[pick(NUMBERS.length)] ?? '');
      break;
    default:
      out[at] = line.replace(/\(([\w-]+)\):/, '(__proto__):').replace(/\w+\(/, 'Mystery(');
  }
  return out;
}

describe('parsePrintedModel under seeded random mutations of the fixtures', () => {
  const inputs: PrintedModelInput[] = [
    IMAGE,
    { mode: 'inference', seq: 8 },
    { mode: 'train', image: { channels: 3, height: 224, width: 224 } },
  ];
  for (const c of PRINTED_CASES) {
    it(`${c.name}: never throws but a RangeError with a message, and returns plain data`, () => {
      // Seeded: the same mutations on every run.
      const { next } = createRng(c.name.length * 7919 + c.params);
      const original = fixture(c.name).split('\n');
      let read_ok = 0;
      for (let round = 0; round < 60; round += 1) {
        let lines = original;
        const edits = 1 + Math.floor(next() * 4);
        for (let e = 0; e < edits; e += 1) lines = mutate(lines, next);
        const input = inputs[round % inputs.length] ?? IMAGE;
        const result = read(lines.join('\n'), input);
        if (result instanceof RangeError) continue;
        read_ok += 1;
        expectPlain(result);
        for (const u of result.unused) {
          expect(u.line).toBeGreaterThan(0);
          expect(u.reason.length).toBeGreaterThan(0);
        }
      }
      expect(read_ok).toBeGreaterThan(0);
    });
  }
});
