/** `import` and `from ... import` for the modules the console knows. */
import type { ImportName } from './ast';
import { KNOWN_MODULES, namespaceMembers } from './attributes';
import { notSupported, PyError } from './errors';
import type { TorchSession } from './session';
import type { Value } from './values';

/** Real modules people often import, which the console does not simulate. */
const REAL_BUT_UNSIMULATED = [
  'math',
  'os',
  'sys',
  'time',
  'random',
  'torchvision',
  'torchaudio',
  'pandas',
  'matplotlib',
  'scipy',
  'sklearn',
  'tqdm',
  'json',
  'torch.optim',
  'torch.utils',
  'torch.utils.data',
  'torch.distributed',
  'torch.amp',
  'transformers',
  'datasets',
  'itertools',
  'functools',
];

function moduleValue(path: string): Value {
  if ((KNOWN_MODULES as readonly string[]).includes(path)) return { kind: 'namespace', path };
  if (REAL_BUT_UNSIMULATED.includes(path) || path.startsWith('torch.')) {
    throw notSupported(
      `The module ${path}`,
      'This console simulates torch, torch.cuda and torch.nn (nn.Linear) only.',
    );
  }
  throw new PyError(
    'ModuleNotFoundError',
    `No module named '${path}'`,
    path === 'pytorch' ? 'The package is called torch: import torch.' : undefined,
  );
}

/** `import a.b as c, d`. */
export function runImport(session: TorchSession, names: readonly ImportName[]): void {
  for (const { name, alias } of names) {
    const module = moduleValue(name);
    if (alias) session.variables.set(alias, module);
    else {
      const top = name.split('.')[0] as string;
      session.variables.set(top, moduleValue(top));
    }
  }
}

/** `from module import a as b, c`. */
export function runFromImport(
  session: TorchSession,
  modulePath: string,
  names: readonly ImportName[],
): void {
  const module = moduleValue(modulePath);
  if (module.kind !== 'namespace') return;
  const members = namespaceMembers(session, module.path);
  for (const { name, alias } of names) {
    const submodule = `${modulePath}.${name}`;
    const member =
      members[name] ??
      ((KNOWN_MODULES as readonly string[]).includes(submodule)
        ? moduleValue(submodule)
        : undefined);
    if (!member) {
      if (modulePath.startsWith('torch') || modulePath === 'numpy')
        throw notSupported(`${modulePath}.${name}`);
      throw new PyError(
        'ImportError',
        `cannot import name '${name}' from '${modulePath}' (unknown location)`,
      );
    }
    session.variables.set(alias ?? name, member);
  }
}
