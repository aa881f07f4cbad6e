import { describe, expect, it } from 'vitest';
import {
  bindingDeclaration,
  composeKernelSource,
  orderFragments,
  splitHead,
  type WgslFragment,
} from './kernel-source';

describe('composing a kernel module', () => {
  it('writes a binding of each kind as WGSL declares it', () => {
    expect(bindingDeclaration({ binding: 0, name: 'p', kind: 'uniform', type: 'Params' })).toBe(
      '@group(0) @binding(0) var<uniform> p: Params;',
    );
    expect(
      bindingDeclaration({ binding: 1, name: 'a', kind: 'read-only-storage', type: 'array<f32>' }),
    ).toBe('@group(0) @binding(1) var<storage, read> a: array<f32>;');
    expect(
      bindingDeclaration({ binding: 2, name: 'c', kind: 'storage', type: 'array<vec4f>' }),
    ).toBe('@group(0) @binding(2) var<storage, read_write> c: array<vec4f>;');
  });

  it('cuts the head after the last blank line of the opening comments and directives', () => {
    const file = '// what it does\n\nenable f16;\n\n// the type\nalias t = f16;\nfn f() {}\n';
    expect(splitHead(file)).toEqual({
      head: '// what it does\n\nenable f16;\n',
      rest: '// the type\nalias t = f16;\nfn f() {}\n',
    });
    expect(splitHead('fn main( {')).toEqual({ head: '', rest: 'fn main( {' });
  });

  it('orders fragments after those they need, each once', () => {
    const base: WgslFragment = { file: 'base.wgsl', text: 'fn base() {}' };
    const a: WgslFragment = { file: 'a.wgsl', text: 'fn a() {}', needs: [base] };
    const b: WgslFragment = { file: 'b.wgsl', text: 'fn b() {}', needs: [base] };
    expect(orderFragments([a, b, base]).map((f) => f.file)).toEqual([
      'base.wgsl',
      'a.wgsl',
      'b.wgsl',
    ]);
  });

  it('puts the bindings after the head, in binding order, and the fragments last', () => {
    const fragment: WgslFragment = { file: 'kernels/shared/x.wgsl', text: 'fn x() {}\n' };
    const source = composeKernelSource({
      wgsl: '// A kernel.\n\noverride N: u32 = 1u;\n\nfn main() { x(); }\n',
      bindings: [
        { binding: 1, name: 'out', kind: 'storage', type: 'array<f32>' },
        { binding: 0, name: 'params', kind: 'uniform', type: 'Params' },
      ],
      shared: [fragment],
    });
    expect(source).toBe(
      [
        '// A kernel.',
        '',
        "// Group 0's buffers, declared by the runtime from the kernel record's bindings (index.ts).",
        '@group(0) @binding(0) var<uniform> params: Params;',
        '@group(0) @binding(1) var<storage, read_write> out: array<f32>;',
        '',
        'override N: u32 = 1u;',
        '',
        'fn main() { x(); }',
        '',
        '// ---- Shared: kernels/shared/x.wgsl ----',
        '',
        'fn x() {}',
        '',
      ].join('\n'),
    );
  });
});
