/**
 * `repr(tensor)` the way PyTorch prints it: four decimals (or whole numbers with a trailing
 * dot, or scientific notation when magnitudes differ a lot), aligned columns, rows wrapped at
 * 80 characters, "..." summaries above 1,000 elements, and the device, dtype and autograd
 * suffixes. Tensors without values get a sentence saying why instead.
 */
import { deviceToString } from './device';
import { DTYPES, type DTypeName } from './dtype';
import { pyExponential } from './format-number';
import { MAX_VALUE_ELEMENTS, numel, shapeTuple } from './shape';
import type { Tensor } from './tensor';

const LINE_WIDTH = 80;
const EDGE_ITEMS = 3;
const SUMMARY_THRESHOLD = 1000;

type Formatter = (value: number) => string;

/** Picks how every element is written and pads them to one width. */
export function floatFormatter(values: readonly number[]): Formatter {
  const finite = values.filter((v) => Number.isFinite(v) && v !== 0);
  const abs = finite.map(Math.abs);
  const max = abs.length ? Math.max(...abs) : 0;
  const min = abs.length ? Math.min(...abs) : 0;
  const intMode = finite.every((v) => Math.ceil(v) === v);
  let write: Formatter;
  if (intMode) {
    write = max / min > 1000 || max > 1e8 ? (v) => pyExponential(v, 4) : (v) => `${v.toFixed(0)}.`;
  } else if (max / min > 1000 || max > 1e8 || min < 1e-4) {
    write = (v) => pyExponential(v, 4);
  } else {
    write = (v) => v.toFixed(4);
  }
  const text: Formatter = (v) =>
    Number.isNaN(v)
      ? 'nan'
      : !Number.isFinite(v)
        ? v > 0
          ? 'inf'
          : '-inf'
        : write(v === 0 ? 0 : v);
  const width = Math.max(0, ...values.map((v) => text(v).length));
  return (v) => text(v).padStart(width);
}

function plainFormatter(values: readonly number[], dtype: DTypeName): Formatter {
  const text: Formatter = dtype === 'bool' ? (v) => (v ? 'True' : 'False') : (v) => String(v);
  const width = Math.max(0, ...values.map((v) => text(v).length));
  return (v) => text(v).padStart(width);
}

/** The formatter PyTorch would choose for these values of `dtype`. */
export function formatterFor(values: readonly number[], dtype: DTypeName): Formatter {
  return DTYPES[dtype].kind === 'float' ? floatFormatter(values) : plainFormatter(values, dtype);
}

interface Nested {
  shape: number[];
  values: Float64Array;
}

function sub(t: Nested, i: number): Nested {
  const inner = t.shape.slice(1);
  const size = numel(inner);
  return { shape: inner, values: t.values.subarray(i * size, (i + 1) * size) };
}

function indices(length: number, summarize: boolean): Array<number | null> {
  if (!summarize || length <= 2 * EDGE_ITEMS) return Array.from({ length }, (_, i) => i);
  const head = Array.from({ length: EDGE_ITEMS }, (_, i) => i);
  const tail = Array.from({ length: EDGE_ITEMS }, (_, i) => length - EDGE_ITEMS + i);
  return [...head, null, ...tail];
}

function summarizedValues(t: Nested, summarize: boolean): number[] {
  if (t.shape.length === 0) return [t.values[0] ?? 0];
  const out: number[] = [];
  for (const i of indices(t.shape[0] ?? 0, summarize)) {
    if (i === null) continue;
    if (t.shape.length === 1) out.push(t.values[i] ?? 0);
    else out.push(...summarizedValues(sub(t, i), summarize));
  }
  return out;
}

/** How values are laid out: summarized or whole, each formatted to `width`, lines to `lineWidth`. */
interface ValuesLayout {
  summarize: boolean;
  format: Formatter;
  width: number;
  lineWidth: number;
}

function vectorText(t: Nested, indent: number, layout: ValuesLayout): string {
  const { summarize, format, width, lineWidth } = layout;
  const elementSize = width + 2;
  const perLine = Math.max(1, Math.floor((lineWidth - indent) / elementSize));
  const items = indices(t.shape[0] ?? 0, summarize).map((i) =>
    i === null ? ' ...' : format(t.values[i] ?? 0),
  );
  const lines: string[] = [];
  for (let start = 0; start < items.length; start += perLine)
    lines.push(items.slice(start, start + perLine).join(', '));
  return `[${lines.join(`,\n${' '.repeat(indent + 1)}`)}]`;
}

function nestedText(t: Nested, indent: number, layout: ValuesLayout): string {
  if (t.shape.length === 0) return layout.format(t.values[0] ?? 0).trim();
  if (t.shape.length === 1) return vectorText(t, indent, layout);
  const rows = indices(t.shape[0] ?? 0, layout.summarize).map((i) =>
    i === null ? '...' : nestedText(sub(t, i), indent + 1, layout),
  );
  const separator = `,${'\n'.repeat(t.shape.length - 1)}${' '.repeat(indent + 1)}`;
  return `[${rows.join(separator)}]`;
}

/** The bracketed body of a tensor's values, as PyTorch lays it out after `prefix`. */
export function valuesText(
  shape: number[],
  values: Float64Array,
  dtype: DTypeName,
  indent: number,
  lineWidth = LINE_WIDTH,
  formatterOverride?: (shown: number[]) => Formatter,
): string {
  if (numel(shape) === 0) return '[]';
  const t = { shape, values };
  const summarize = numel(shape) > SUMMARY_THRESHOLD;
  const shown = summarizedValues(t, summarize);
  const format = formatterOverride ? formatterOverride(shown) : formatterFor(shown, dtype);
  const width = format(shown[0] ?? 0).length;
  return nestedText(t, indent, { summarize, format, width, lineWidth });
}

/** Appends suffixes, wrapping onto a new line when the last line would pass 80 characters. */
export function addSuffixes(text: string, suffixes: string[], indent: number): string {
  let out = text;
  let lastLine = out.length - out.lastIndexOf('\n') + 1;
  for (const suffix of suffixes) {
    if (lastLine + suffix.length + 2 > LINE_WIDTH) {
      out += `,\n${' '.repeat(indent)}${suffix}`;
      lastLine = indent + suffix.length;
    } else {
      out += `, ${suffix}`;
      lastLine += suffix.length + 2;
    }
  }
  return `${out})`;
}

const DEFAULT_DTYPES: readonly DTypeName[] = ['float32', 'int64', 'bool'];

/** The device, dtype and autograd suffixes PyTorch appends. */
export function tensorSuffixes(tensor: Tensor): string[] {
  const suffixes: string[] = [];
  if (tensor.storage.device.type !== 'cpu')
    suffixes.push(`device='${deviceToString(tensor.storage.device)}'`);
  if (numel(tensor.shape) === 0 && tensor.shape.length !== 1)
    suffixes.push(`size=${shapeTuple(tensor.shape)}`);
  if (!DEFAULT_DTYPES.includes(tensor.dtype)) suffixes.push(`dtype=torch.${tensor.dtype}`);
  if (tensor.gradFn) suffixes.push(`grad_fn=<${tensor.gradFn}>`);
  else if (tensor.requiresGrad) suffixes.push('requires_grad=True');
  return suffixes;
}

/** A sentence in place of values the console does not have. */
export function missingValuesText(tensor: Tensor): string {
  const count = numel(tensor.shape);
  const where = deviceToString(tensor.storage.device);
  const what = `tensor of shape ${shapeTuple(tensor.shape)}, dtype torch.${tensor.dtype}, on ${where}`;
  if (count > MAX_VALUE_ELEMENTS) {
    return `<${what}: ${count.toLocaleString('en-US')} elements. The simulator keeps values only for tensors of up to ${MAX_VALUE_ELEMENTS.toLocaleString('en-US')} elements, so this one has a shape, a dtype and a place in memory but no numbers to print.>`;
  }
  return `<${what}: its values were not computed, because it was made from a tensor too big to hold values in this simulator.>`;
}

/** `repr(tensor)`. */
export function tensorRepr(tensor: Tensor): string {
  const values = tensor.storage.values;
  const body = values
    ? addSuffixes(
        `tensor(${valuesText(tensor.shape, values, tensor.dtype, 7)}`,
        tensorSuffixes(tensor),
        7,
      )
    : missingValuesText(tensor);
  return tensor.isParameter ? `Parameter containing:\n${body}` : body;
}
