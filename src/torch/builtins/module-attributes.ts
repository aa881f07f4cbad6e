/** Attributes and methods of an nn.Linear: its parameters and sizes, and `.to()`, `.cuda()`, `.cpu()` moving it in place. */
import { bind } from '../args';
import { CPU, CUDA0, type Device } from '../device';
import type { DTypeName } from '../dtype';
import { moduleTo } from '../nn-linear';
import type { TorchSession } from '../session';
import { builtin, int, NONE, tensorValue, type LinearModule, type Value } from '../values';
import { parseToArgs } from './tensor-to-args';

/** Every attribute name moduleAttribute answers, for typo suggestions. */
export const MODULE_ATTRIBUTES: readonly string[] = [
  'weight',
  'bias',
  'in_features',
  'out_features',
  'to',
  'cuda',
  'cpu',
  'float',
  'half',
  'double',
];

/** The attribute `name` of a Linear module value, or undefined. */
export function moduleAttribute(
  session: TorchSession,
  value: Value & { kind: 'module' },
  name: string,
  label: string | null,
): Value | undefined {
  const module: LinearModule = value.module;
  const move = (request: { device?: Device; dtype?: DTypeName; nonBlocking: boolean }) => {
    moduleTo(session, module, { ...request, label });
    return value;
  };
  switch (name) {
    case 'weight':
      return tensorValue(module.weight);
    case 'bias':
      return module.bias ? tensorValue(module.bias) : NONE;
    case 'in_features':
      return int(module.inFeatures);
    case 'out_features':
      return int(module.outFeatures);
    case 'to':
      return builtin('to', (args, kwargs) => move(parseToArgs(args, kwargs)));
    case 'cuda':
      return builtin('cuda', (args, kwargs) => {
        const bound = bind('cuda', ['device'], args, kwargs);
        const parsed = parseToArgs(
          bound.has('device') ? [bound.get('device') as Value] : [],
          new Map(),
        );
        return move({ device: parsed.device ?? CUDA0, nonBlocking: false });
      });
    case 'cpu':
      return builtin('cpu', () => move({ device: CPU, nonBlocking: false }));
    case 'float':
      return builtin('float', () => move({ dtype: 'float32', nonBlocking: false }));
    case 'half':
      return builtin('half', () => move({ dtype: 'float16', nonBlocking: false }));
    case 'double':
      return builtin('double', () => move({ dtype: 'float64', nonBlocking: false }));
    default:
      return undefined;
  }
}
