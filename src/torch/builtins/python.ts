/** The few Python built-ins the console offers: print, len, int, float, str, bool, round, abs, list, tuple, help. */
import { bind, toNumber } from '../args';
import { PyError, typeError, valueError } from '../errors';
import { MAX_OUTPUT_CHARS, repr, str as pyStr } from '../format-value';
import type { TorchSession } from '../session';
import { truthValue } from '../python-ops';
import { builtin, bool, float, int, NONE, str, typeName, type Value } from '../values';
import { HELP_TEXT } from './help-text';

function scalarOf(value: Value, fname: string): number {
  if (value.kind === 'tensor') {
    const t = value.tensor;
    if (t.shape.reduce((p, s) => p * s, 1) !== 1)
      throw typeError(`only one element tensors can be converted to Python scalars`);
    const v = t.storage.values?.[0];
    if (v === undefined)
      throw new PyError('NotSupported', 'This tensor has no values in the simulator.');
    return v;
  }
  if (value.kind === 'str') {
    const parsed = Number(value.value.trim());
    if (value.value.trim() === '' || Number.isNaN(parsed)) {
      throw valueError(
        fname === 'int'
          ? `invalid literal for int() with base 10: ${repr(value)}`
          : `could not convert string to float: ${repr(value)}`,
      );
    }
    return parsed;
  }
  return toNumber(value, `${fname}() argument`);
}

/** The Python built-ins, writing print() output to the session. */
export function pythonBuiltins(session: TorchSession): Record<string, Value> {
  return {
    print: builtin('print', (args, kwargs) => {
      const sep = kwargs.get('sep');
      const end = kwargs.get('end');
      for (const key of kwargs.keys())
        if (key !== 'sep' && key !== 'end')
          throw typeError(`'${key}' is an invalid keyword argument for print()`);
      // Stop adding arguments once the output is longer than a line may show (runLine cuts it).
      const pieces: string[] = [];
      let chars = 0;
      for (const arg of args) {
        if (chars > MAX_OUTPUT_CHARS) break;
        const piece = pyStr(arg);
        pieces.push(piece);
        chars += piece.length;
      }
      const text =
        pieces.join(sep?.kind === 'str' ? sep.value : ' ') +
        (end?.kind === 'str' ? end.value : '\n');
      session.printed.push(...text.replace(/\n$/, '').split('\n'));
      return NONE;
    }),
    len: builtin('len', (args, kwargs) => {
      const value = bind('len', ['obj'], args, kwargs, 1).get('obj') as Value;
      if (value.kind === 'tuple' || value.kind === 'list') return int(value.items.length);
      if (value.kind === 'str') return int(value.value.length);
      if (value.kind === 'tensor' || value.kind === 'ndarray') {
        if (value.tensor.shape.length === 0) throw typeError('len() of a 0-d tensor');
        return int(value.tensor.shape[0] ?? 0);
      }
      throw typeError(`object of type '${typeName(value)}' has no len()`);
    }),
    int: builtin('int', (args) => int(Math.trunc(scalarOf(args[0] ?? int(0), 'int')))),
    float: builtin('float', (args) => float(scalarOf(args[0] ?? float(0), 'float'))),
    str: builtin('str', (args) => str(args[0] ? pyStr(args[0]) : '')),
    bool: builtin('bool', (args) => bool(args[0] ? truthValue(args[0]) : false)),
    abs: builtin('abs', (args) => {
      const v = args[0] ?? int(0);
      if (v.kind === 'int') return int(Math.abs(v.value));
      return float(Math.abs(scalarOf(v, 'abs')));
    }),
    round: builtin('round', (args, kwargs) => {
      const bound = bind('round', ['number', 'ndigits'], args, kwargs, 1);
      const x = scalarOf(bound.get('number') as Value, 'round');
      const digits = bound.get('ndigits');
      if (!digits || digits.kind === 'none') return int(Math.round(x));
      const scale = 10 ** toNumber(digits, 'ndigits');
      return float(Math.round(x * scale) / scale);
    }),
    list: builtin('list', (args) => {
      const v = args[0];
      if (!v) return { kind: 'list', items: [] };
      if (v.kind === 'tuple' || v.kind === 'list') return { kind: 'list', items: [...v.items] };
      throw typeError(`'${typeName(v)}' object is not iterable here`);
    }),
    tuple: builtin('tuple', (args) => {
      const v = args[0];
      if (!v) return { kind: 'tuple', items: [] };
      if (v.kind === 'tuple' || v.kind === 'list') return { kind: 'tuple', items: [...v.items] };
      throw typeError(`'${typeName(v)}' object is not iterable here`);
    }),
    help: builtin('help', () => {
      session.printed.push(...HELP_TEXT);
      return NONE;
    }),
  };
}
