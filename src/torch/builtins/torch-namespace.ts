/** The torch and torch.nn namespaces: creation functions, torch.device, dtypes, nn.Linear. */
import { bind, toBool, toDevice, toDtype, toInt } from '../args';
import { CPU, concreteDevice, parseDevice } from '../device';
import { DEFAULT_FLOAT, DTYPE_ALIASES } from '../dtype';
import { typeError } from '../errors';
import { matmul } from '../ops-matmul';
import { createLinear } from '../nn-linear';
import { createRandom } from '../random';
import type { TorchSession } from '../session';
import { builtin, bool, NONE, str, tensorValue, typeName, type Value } from '../values';
import { creationFunctions } from './creation';

/** The version string the simulated torch reports. */
export const SIMULATED_TORCH_VERSION = '2.7.1+cu126';

function deviceConstructor(): Value {
  return builtin('device', (args, kwargs) => {
    const bound = bind('device', ['type', 'index'], args, kwargs, 1);
    const first = bound.get('type') as Value;
    const index = bound.get('index');
    if (first.kind === 'device') return first;
    if (first.kind === 'int')
      return { kind: 'device', device: { type: 'cuda', index: first.value } };
    if (first.kind !== 'str')
      throw typeError(
        `device() received an invalid combination of arguments - got (${typeName(first)})`,
        'Write torch.device("cuda") or torch.device("cpu").',
      );
    const device = parseDevice(first.value);
    if (index && index.kind !== 'none') {
      if (device.index !== null)
        throw typeError(
          'device(): type (string) must not include an index because index was passed explicitly: ' +
            first.value,
        );
      return { kind: 'device', device: { type: device.type, index: toInt(index, 'index') } };
    }
    return { kind: 'device', device };
  });
}

/** The torch namespace of a session. */
export function torchNamespace(session: TorchSession): Record<string, Value> {
  const dtypes = Object.fromEntries(
    Object.entries(DTYPE_ALIASES).map(([alias, dtype]) => [
      alias,
      { kind: 'dtype', dtype } as Value,
    ]),
  );
  return {
    ...creationFunctions(session),
    ...dtypes,
    device: deviceConstructor(),
    cuda: { kind: 'namespace', path: 'torch.cuda' },
    nn: { kind: 'namespace', path: 'torch.nn' },
    __version__: str(SIMULATED_TORCH_VERSION),
    manual_seed: builtin('manual_seed', (args, kwargs) => {
      const seed = toInt(
        bind('manual_seed', ['seed'], args, kwargs, 1).get('seed') as Value,
        'seed',
      );
      session.random = createRandom(seed);
      return NONE;
    }),
    matmul: builtin('matmul', async (args, kwargs) => {
      const bound = bind('matmul', ['input', 'other'], args, kwargs, 2);
      const [a, b] = [bound.get('input') as Value, bound.get('other') as Value];
      if (a.kind !== 'tensor' || b.kind !== 'tensor')
        throw typeError(
          `matmul(): argument 'input' (position 1) must be Tensor, not ${typeName(a.kind === 'tensor' ? b : a)}`,
        );
      return tensorValue(await matmul(session, a.tensor, b.tensor));
    }),
    is_tensor: builtin('is_tensor', (args, kwargs) =>
      bool((bind('is_tensor', ['obj'], args, kwargs, 1).get('obj') as Value).kind === 'tensor'),
    ),
    get_default_dtype: builtin('get_default_dtype', () => ({
      kind: 'dtype',
      dtype: DEFAULT_FLOAT,
    })),
  };
}

/** The torch.nn namespace of a session. */
export function nnNamespace(session: TorchSession): Record<string, Value> {
  return {
    Linear: builtin('Linear', (args, kwargs) => {
      const bound = bind(
        'Linear',
        ['in_features', 'out_features', 'bias', 'device', 'dtype'],
        args,
        kwargs,
        2,
      );
      const inFeatures = toInt(
        bound.get('in_features') as Value,
        "Linear(): argument 'in_features'",
      );
      const outFeatures = toInt(
        bound.get('out_features') as Value,
        "Linear(): argument 'out_features'",
      );
      const deviceValue = bound.get('device');
      const dtypeValue = bound.get('dtype');
      const module = createLinear(session, inFeatures, outFeatures, {
        bias: toBool(bound.get('bias'), true),
        device:
          deviceValue && deviceValue.kind !== 'none'
            ? concreteDevice(toDevice(deviceValue, 'Linear'))
            : CPU,
        dtype:
          dtypeValue && dtypeValue.kind !== 'none' ? toDtype(dtypeValue, 'Linear') : DEFAULT_FLOAT,
      });
      return { kind: 'module', module };
    }),
  };
}
