import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { orderFragments, splitHead } from '../kernel-source';
import { readWgslDeclarations } from '../testing/wgsl-declarations';
import { LAB_KERNEL_IDS, LAB_KERNELS } from './lab-kernels';
import { subgroupMatrixMatmulWgsl } from './matmul-subgroup-matrix/matmul-subgroup-matrix';
import { DEFAULT_MATMUL_TILE } from './matmul-tuned/matmul-tuned';
import { tunedMatmulWgsl } from './matmul-tuned/tuned-source';
import { KERNELS, planKernel } from './registry';

/**
 * Kernels whose WGSL their folder writes out rather than holds in a file: the tuned matmul's for
 * its tile (the record shows the register-blocked kernel's), the tensor-core matmul's for the
 * adapter's configuration (the record shows a common one, whose sizes are written into it, so it
 * shares no constant with TypeScript).
 */
const GENERATED: Readonly<Record<string, () => string>> = {
  'matmul-tuned': () => tunedMatmulWgsl(DEFAULT_MATMUL_TILE),
  'matmul-subgroup-matrix': () =>
    subgroupMatrixMatmulWgsl({
      config: { componentType: 'f16', resultComponentType: 'f32', M: 16, N: 16, K: 16 },
      subgroupSize: 32,
    }),
};

/** A file under src/gpu/, read from disk. */
function gpuFile(path: string): string {
  return readFileSync(fileURLToPath(new URL(`../${path}`, import.meta.url)), 'utf8');
}

/** WGSL without its comments. */
function code(wgsl: string): string {
  return wgsl.replace(/\/\/[^\n]*/g, '');
}

/** How many times `part` occurs in `text`. */
function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('the kernel registry', () => {
  it('names every kernel once, after its folder, with its own folder’s WGSL file', () => {
    const names = KERNELS.map((k) => k.name);
    expect(new Set(names).size).toBe(names.length);
    for (const kernel of KERNELS) {
      const generated = GENERATED[kernel.name];
      const own = generated ? generated() : gpuFile(`kernels/${kernel.name}/${kernel.name}.wgsl`);
      expect(kernel.wgsl, kernel.name).toBe(own);
      for (const fragment of kernel.shared ?? []) {
        expect(fragment.text, fragment.file).toBe(gpuFile(fragment.file));
      }
    }
  });

  it('lists each lab kernel once, with its facet in its record, in the lab’s order', () => {
    const withFacet = KERNELS.filter((k) => k.lab !== undefined);
    expect(withFacet.map((k) => k.name)).toEqual(LAB_KERNEL_IDS);
    for (const kernel of withFacet) {
      const info = LAB_KERNELS[kernel.name as keyof typeof LAB_KERNELS];
      expect(info).toMatchObject({ label: kernel.label, summary: kernel.summary, ...kernel.lab });
      // The size it starts with plans, on a device with WebGPU's default limits.
      expect(planKernel(info.id, info.defaultSize).descriptor.flops).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives every kernel a plan and a job, so each can be measured by name', () => {
    for (const kernel of KERNELS) {
      expect(typeof kernel.plan, kernel.name).toBe('function');
      expect(typeof kernel.job, kernel.name).toBe('function');
    }
  });
});

// These checks need no GPU: they read the composed WGSL, so a tile size or workgroup size
// changed on one side only, or a binding declared by hand, fails here before any device sees it.
describe.each(KERNELS.map((k) => [k.name, k] as const))(
  'kernel %s: the composed WGSL and the record agree',
  (_, kernel) => {
    const wgsl = readWgslDeclarations(kernel.source);

    it('declares its bindings only through the record: none in its own file or a fragment', () => {
      expect(code(kernel.wgsl)).not.toMatch(/@group|@binding/);
      for (const fragment of kernel.shared ?? []) {
        expect(code(fragment.text), fragment.file).not.toMatch(/@group|@binding/);
      }
    });

    it('holds its own file (head and rest) and each fragment it uses, or needs, exactly once', () => {
      const { head, rest } = splitHead(kernel.wgsl);
      const fragments = orderFragments(kernel.shared ?? []).map((f) => f.text);
      for (const part of [head, rest, ...fragments]) {
        const body = code(part).trim();
        if (body !== '') expect(occurrences(code(kernel.source), body), part.slice(0, 60)).toBe(1);
      }
    });

    it('declares every binding of its record once, with its number, name, kind and type', () => {
      const byNumber = (a: { binding: number }, b: { binding: number }): number =>
        a.binding - b.binding;
      expect([...wgsl.bindings].sort(byNumber)).toEqual([...kernel.bindings].sort(byNumber));
      const numbers = wgsl.bindings.map((b) => b.binding);
      expect(new Set(numbers).size).toBe(numbers.length);
    });

    it('has every shared constant as a WGSL const or an override default of the same value', () => {
      const entries = Object.entries(kernel.sharedConstants);
      if (kernel.name !== 'matmul-subgroup-matrix') expect(entries.length).toBeGreaterThan(0);
      for (const [name, value] of entries) {
        const declared = wgsl.consts.has(name) ? wgsl.consts.get(name) : wgsl.overrides.get(name);
        expect(declared, `${kernel.name}: ${name}`).toBe(value);
      }
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
      @group(0) @binding(1) var<storage, read> a: array<vec4f>;
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
    expect(wgsl.bindings.map((b) => [b.kind, b.type])).toEqual([
      ['uniform', 'P'],
      ['read-only-storage', 'array<vec4f>'],
      ['storage', 'array<f32>'],
    ]);
    expect(wgsl.entryPoints.get('first')).toEqual({ bindings: [1, 2], overrides: ['SIZE'] });
    expect(wgsl.entryPoints.get('second')).toEqual({ bindings: [0, 2], overrides: [] });
  });
});
