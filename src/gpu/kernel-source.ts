/**
 * How a kernel's WGSL module is put together. WGSL has no include, so the runtime composes each
 * module from parts with one function, `composeKernelSource`, and the text it returns is the
 * record's `source`: what `pipelines.ts` compiles and what a learner reading the kernel sees.
 * In order:
 *
 * 1. the head of the kernel's own `.wgsl` file: its opening comments and `enable` directives, up
 *    to the last blank line before its first declaration;
 * 2. group 0's buffer bindings, one line each, written from the record's `bindings` (number,
 *    WGSL name, kind, type): the record is the one place a binding is declared;
 * 3. the rest of the kernel's own file;
 * 4. the shared fragments it uses (`kernels/shared/*.wgsl`), each once, a fragment after those
 *    it needs, each under a line naming its file.
 *
 * WGSL lets module-scope declarations come in any order, so a fragment may use what the kernel
 * declares (its overrides, its bindings) and the kernel what a fragment declares. Pure.
 */

/** How a kernel declares one buffer binding in group 0. */
export type BindingKind = 'uniform' | 'read-only-storage' | 'storage';

/** One binding of group 0: its number, the WGSL variable's name, kind and type. */
export interface KernelBinding {
  binding: number;
  name: string;
  kind: BindingKind;
  /** The variable's WGSL type: `array<f32>`, `array<vec4f>`, a struct such as `Params`. */
  type: string;
}

/** Binding 0 of the kernels that take a uniform block of parameters: `params`, a `Params`. */
export const PARAMS_BINDING = {
  binding: 0,
  name: 'params',
  kind: 'uniform',
  type: 'Params',
} as const satisfies KernelBinding;

/** A piece of WGSL several kernels share, from a file under `kernels/shared/`. */
export interface WgslFragment {
  /** Its path from src/gpu/, named above it in the composed module. */
  file: string;
  text: string;
  /** Fragments it uses, composed before it. */
  needs?: readonly WgslFragment[];
}

/** What a module is composed of: the kernel's own file, its bindings and the shared fragments. */
export interface KernelSourceParts {
  /** The text of the kernel's own `.wgsl` file. */
  wgsl: string;
  bindings: readonly KernelBinding[];
  /** Shared fragments the kernel uses directly (what they need comes with them). */
  shared?: readonly WgslFragment[];
}

/** The address space and access of each kind, as `var<...>` writes them. */
const ADDRESS_SPACE: Readonly<Record<BindingKind, string>> = {
  uniform: 'uniform',
  'read-only-storage': 'storage, read',
  storage: 'storage, read_write',
};

/** The WGSL declaration of one binding. */
export function bindingDeclaration(binding: KernelBinding): string {
  const { binding: index, name, kind, type } = binding;
  return `@group(0) @binding(${index}) var<${ADDRESS_SPACE[kind]}> ${name}: ${type};`;
}

/**
 * Splits a kernel file after its head: the leading lines that are blank, comments or `enable`
 * directives, cut at the last blank line among them (a comment right above the first
 * declaration stays with it).
 */
export function splitHead(wgsl: string): { head: string; rest: string } {
  const lines = wgsl.split('\n');
  let lastBlank = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') lastBlank = i;
    else if (!line.startsWith('//') && !/^enable\s[\w\s,]+;$/.test(line)) break;
  }
  return {
    head: lines.slice(0, lastBlank + 1).join('\n'),
    rest: lines.slice(lastBlank + 1).join('\n'),
  };
}

/** The fragments in composition order: each after those it needs, each once. */
export function orderFragments(shared: readonly WgslFragment[]): WgslFragment[] {
  const ordered: WgslFragment[] = [];
  const visit = (fragment: WgslFragment): void => {
    if (ordered.includes(fragment)) return;
    for (const need of fragment.needs ?? []) visit(need);
    ordered.push(fragment);
  };
  for (const fragment of shared) visit(fragment);
  return ordered;
}

/** The kernel's whole WGSL module; see the file comment. */
export function composeKernelSource(parts: KernelSourceParts): string {
  const { head, rest } = splitHead(parts.wgsl);
  const bindings = [...parts.bindings].sort((a, b) => a.binding - b.binding);
  const declarations =
    bindings.length === 0
      ? ''
      : [
          "// Group 0's buffers, declared by the runtime from the kernel record's bindings (index.ts).",
          ...bindings.map(bindingDeclaration),
        ].join('\n');
  const sections = [
    head.trimEnd(),
    declarations,
    rest.trim(),
    ...orderFragments(parts.shared ?? []).map(
      (fragment) => `// ---- Shared: ${fragment.file} ----\n\n${fragment.text.trim()}`,
    ),
  ];
  return `${sections.filter((s) => s !== '').join('\n\n')}\n`;
}
