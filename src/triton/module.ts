/**
 * A source file read as Triton reads it: its imports (which names mean `triton` and
 * `triton.language`), its `@triton.jit` kernels, and the host statements after them. A kernel's
 * decorator must be `@triton.jit` (or `@jit` imported from triton); `@triton.autotune`,
 * `@triton.heuristics` and plain helper functions are outside the subset.
 */
import type { Expr, FunctionDef, Stmt } from './ast';
import { TritonError, compileError, unsupported } from './errors';
import { parseModule } from './parser';
import type { CValue } from './values';

/** A parsed source file. */
export interface TritonModule {
  /** The names the imports bind (`tl`, `triton`). */
  globals: Map<string, CValue>;
  /** The `@triton.jit` functions, by name, in source order. */
  kernels: Map<string, FunctionDef>;
  /** Statements that are neither imports nor kernels (host code: grids and launches). */
  host: Stmt[];
}

/** The dotted text of a decorator, `triton.jit` or `triton.autotune(...)`. */
function decoratorName(e: Expr): string {
  if (e.kind === 'name') return e.id;
  if (e.kind === 'attribute') return `${decoratorName(e.object)}.${e.name}`;
  if (e.kind === 'call') return decoratorName(e.func);
  return '?';
}

/** Parses a source file into its imports, kernels and host statements. */
export function readModule(source: string): TritonModule {
  const globals = new Map<string, CValue>();
  const kernels = new Map<string, FunctionDef>();
  const host: Stmt[] = [];
  const jitNames = new Set<string>();
  for (const s of parseModule(source)) {
    if (s.kind === 'import') {
      for (const n of s.names) {
        if (n.name === 'triton.language')
          globals.set(n.alias ?? 'triton', { kind: 'module', name: n.alias ? 'tl' : 'triton' });
        else if (n.name === 'triton')
          globals.set(n.alias ?? 'triton', { kind: 'module', name: 'triton' });
        else if (n.name !== 'torch' && n.name !== 'math' && n.name !== 'numpy')
          throw unsupported(s.line, `import ${n.name}`);
      }
    } else if (s.kind === 'from') {
      for (const n of s.names) {
        const alias = n.alias ?? n.name;
        if (s.module === 'triton' && n.name === 'language')
          globals.set(alias, { kind: 'module', name: 'tl' });
        else if (s.module === 'triton' && n.name === 'jit') jitNames.add(alias);
        else if (s.module !== 'torch')
          throw unsupported(s.line, `from ${s.module} import ${n.name}`);
      }
    } else if (s.kind === 'def') {
      kernels.set(s.name, checkKernel(s, jitNames));
    } else {
      host.push(s);
    }
  }
  for (const name of kernels.keys())
    if (!globals.has(name)) globals.set(name, { kind: 'function', name: `jit:${name}` });
  return { globals, kernels, host };
}

function checkKernel(def: FunctionDef, jitNames: ReadonlySet<string>): FunctionDef {
  if (def.decorators.length === 0)
    throw unsupported(
      def.line,
      `The plain function ${def.name} (without @triton.jit)`,
      'Kernels are written as @triton.jit functions; helper functions are not in the subset.',
    );
  for (const d of def.decorators) {
    const name = decoratorName(d);
    if (name === 'triton.jit' || jitNames.has(name)) {
      if (d.kind === 'call') throw unsupported(d.line, `@${name}(...) with arguments`);
      continue;
    }
    throw unsupported(
      d.line,
      `The decorator @${name}`,
      name.includes('autotune')
        ? 'Pick one configuration and pass its values as constexprs.'
        : undefined,
    );
  }
  return def;
}

/** The kernel to launch: the one named, or the only one. */
export function pickKernel(module: TritonModule, name?: string): FunctionDef {
  if (name !== undefined) {
    const def = module.kernels.get(name);
    if (!def)
      throw new TritonError('launch', null, `there is no @triton.jit function named ${name}`);
    return def;
  }
  if (module.kernels.size === 0) throw compileError(null, 'the source has no @triton.jit function');
  if (module.kernels.size > 1)
    throw new TritonError(
      'launch',
      null,
      `the source has ${module.kernels.size} @triton.jit functions (${[...module.kernels.keys()].join(', ')}); say which to launch`,
    );
  return module.kernels.values().next().value as FunctionDef;
}
