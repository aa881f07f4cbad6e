import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readWgslDeclarations } from '../testing/wgsl-declarations';
import { hasLab, KERNELS } from './registry';

/** The .wgsl file in a kernel's own folder, read from disk. */
function wgslOnDisk(name: string): string {
  return readFileSync(fileURLToPath(new URL(`./${name}/${name}.wgsl`, import.meta.url)), 'utf8');
}

describe('the kernel registry', () => {
  it('names every kernel once, after its folder, with its own folder’s WGSL as source', () => {
    const names = KERNELS.map((k) => k.name);
    expect(new Set(names).size).toBe(names.length);
    for (const kernel of KERNELS) expect(kernel.source, kernel.name).toBe(wgslOnDisk(kernel.name));
  });

  it('lists the eight kernel-lab kernels in the lab’s order', () => {
    expect(KERNELS.filter(hasLab).map((k) => k.name)).toEqual([
      'relu',
      'copy',
      'reduce',
      'reduce-fast',
      'matmul-naive',
      'matmul-tiled',
      'matmul-blocked',
      'fma',
    ]);
  });
});

// These checks need no GPU: they read the WGSL text, so a tile size or workgroup size changed on
// one side only fails here, before any device sees it.
describe.each(KERNELS.map((k) => [k.name, k] as const))(
  'kernel %s: WGSL and TypeScript agree',
  (_, kernel) => {
    const wgsl = readWgslDeclarations(kernel.source);

    it('has every shared constant as a WGSL const or an override default of the same value', () => {
      const entries = Object.entries(kernel.sharedConstants);
      expect(entries.length).toBeGreaterThan(0);
      for (const [name, value] of entries) {
        const declared = wgsl.consts.has(name) ? wgsl.consts.get(name) : wgsl.overrides.get(name);
        expect(declared, `${kernel.name}: ${name}`).toBe(value);
      }
    });

    it('declares the bindings its record lists, with the same names and kinds', () => {
      const declared = [...wgsl.bindings].sort((a, b) => a.binding - b.binding);
      expect(declared).toEqual([...kernel.bindings].sort((a, b) => a.binding - b.binding));
    });

    it('has the entry points its record lists, each using exactly the listed bindings', () => {
      expect([...wgsl.entryPoints.keys()].sort()).toEqual(Object.keys(kernel.entryPoints).sort());
      for (const [name, entry] of Object.entries(kernel.entryPoints)) {
        const used = wgsl.entryPoints.get(name);
        expect([...entry.bindings].sort(), `${kernel.name} ${name}`).toEqual(used?.bindings.sort());
      }
    });

    it('lets the host set only overrides the WGSL declares, and every one an entry point uses', () => {
      for (const [name, entry] of Object.entries(kernel.entryPoints)) {
        for (const override of entry.overrides) expect(wgsl.overrides.has(override)).toBe(true);
        expect([...entry.overrides].sort(), `${kernel.name} ${name}`).toEqual(
          wgsl.entryPoints.get(name)?.overrides.sort(),
        );
      }
    });
  },
);

describe('the WGSL reader behind these checks', () => {
  it('finds overrides, consts, bindings and what each entry point reaches through calls', () => {
    const wgsl = readWgslDeclarations(`
      override SIZE: u32 = 64u;
      override UNUSED: u32;
      const TILE: u32 = 16u; // a comment with fn fake()
      @group(0) @binding(0) var<uniform> params: P;
      @group(0) @binding(1) var<storage, read> a: array<f32>;
      @group(0) @binding(2) var<storage, read_write> out: array<f32>;
      var<workgroup> scratch: array<f32, SIZE>;
      fn helper() -> f32 { return a[0] + scratch[0]; }
      @compute @workgroup_size(TILE) fn first() { out[0] = helper(); }
      @compute @workgroup_size(1) fn second() { out[0] = f32(params.n); }
    `);
    expect(wgsl.overrides).toEqual(
      new Map([
        ['SIZE', 64],
        ['UNUSED', null],
      ]),
    );
    expect(wgsl.consts).toEqual(new Map([['TILE', 16]]));
    expect(wgsl.bindings.map((b) => b.kind)).toEqual(['uniform', 'read-only-storage', 'storage']);
    expect(wgsl.entryPoints.get('first')).toEqual({ bindings: [1, 2], overrides: ['SIZE'] });
    expect(wgsl.entryPoints.get('second')).toEqual({ bindings: [0, 2], overrides: [] });
  });
});
