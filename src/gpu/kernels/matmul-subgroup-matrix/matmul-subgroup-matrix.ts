/**
 * Tensor cores through WebGPU: Dawn's experimental subgroup-matrix feature
 * (`chromium-experimental-subgroup-matrix`, WGSL `enable chromium_experimental_subgroup_matrix;`),
 * which maps small matrix multiply-accumulates of a whole subgroup onto the GPU's matrix units
 * (Vulkan's cooperative matrices, Metal's simdgroup matrices). This module decides whether an
 * adapter offers an f16 × f16 → f32 configuration, says why not when it does not, and writes the
 * WGSL of an f16 matmul on it. Pure: no WebGPU. The kernel's WGSL is generated for the adapter's
 * configuration: its record (index.ts) shows it for a common one, and its job writes it for the
 * device's.
 */
import { requireInteger } from '../../../compute/require-integer';
import type { KernelBinding } from '../../kernel-source';

/** The kernel's buffers, declared by the runtime (kernel-source.ts) like every kernel's. */
export const SUBGROUP_MATRIX_BINDINGS: readonly KernelBinding[] = [
  { binding: 0, name: 'dims', kind: 'uniform', type: 'PaddedDims' },
  { binding: 1, name: 'a', kind: 'read-only-storage', type: 'array<f16>' },
  { binding: 2, name: 'b', kind: 'read-only-storage', type: 'array<f16>' },
  { binding: 3, name: 'c', kind: 'storage', type: 'array<f32>' },
];

/** The WebGPU feature name Dawn gives subgroup matrices. */
export const SUBGROUP_MATRIX_FEATURE = 'chromium-experimental-subgroup-matrix';

/** The WebGPU feature f16 WGSL needs. */
export const SHADER_F16_FEATURE = 'shader-f16';

/** One matrix shape and element types an adapter supports (Dawn's `GPUSubgroupMatrixConfig`). */
export interface SubgroupMatrixConfig {
  /** Element type of the left and right matrices ("f16", "f32", "i8", ...). */
  componentType: string;
  /** Element type of the result ("f32", "f16", "i32", ...). */
  resultComponentType: string;
  /** Rows of the left matrix and of the result. */
  M: number;
  /** Columns of the right matrix and of the result. */
  N: number;
  /** Columns of the left matrix, rows of the right one. */
  K: number;
}

/** What an adapter says about subgroup matrices. */
export interface SubgroupMatrixFacts {
  /** Its feature names. */
  features: readonly string[];
  /** Its `info.subgroupMatrixConfigs` (absent where the browser does not expose them). */
  subgroupMatrixConfigs?: readonly SubgroupMatrixConfig[];
  /** Its `info.subgroupMaxSize` (absent where not exposed). */
  subgroupMaxSize?: number;
}

/** Whether the f16 tensor-core matmul can run, with its configuration, or why not. */
export type SubgroupMatrixSupport =
  | { available: true; config: SubgroupMatrixConfig; subgroupSize: number }
  | { available: false; reason: string };

/** The f16 → f32 configuration with the most multiply-adds per operation, or null. */
export function pickF16Config(
  configs: readonly SubgroupMatrixConfig[],
): SubgroupMatrixConfig | null {
  const usable = configs.filter(
    (c) => c.componentType === 'f16' && c.resultComponentType === 'f32',
  );
  if (usable.length === 0) return null;
  return usable.reduce((best, c) => (c.M * c.N * c.K > best.M * best.N * best.K ? c : best));
}

/**
 * Whether an adapter can run the f16 matmul on subgroup matrices. The reasons say, in the
 * lab's words, what is missing: the feature itself (most browsers and GPUs; Chrome only behind
 * its experimental flag, Dawn in Node with unsafe APIs allowed), f16 in shaders, or an f16 × f16
 * → f32 shape among the adapter's configurations.
 */
export function subgroupMatrixSupport(facts: SubgroupMatrixFacts): SubgroupMatrixSupport {
  if (!facts.features.includes(SUBGROUP_MATRIX_FEATURE)) {
    return {
      available: false,
      reason:
        `This adapter does not offer "${SUBGROUP_MATRIX_FEATURE}", WebGPU's experimental way ` +
        'to reach tensor cores (Dawn offers it on some Vulkan and Metal GPUs, in Chrome only ' +
        'behind an experimental flag), so there is no f16 tensor-core matmul to run here.',
    };
  }
  if (!facts.features.includes(SHADER_F16_FEATURE)) {
    return {
      available: false,
      reason: `This adapter offers subgroup matrices but not "${SHADER_F16_FEATURE}", which f16 inputs need.`,
    };
  }
  const config = pickF16Config(facts.subgroupMatrixConfigs ?? []);
  if (!config) {
    const offered = (facts.subgroupMatrixConfigs ?? [])
      .map((c) => `${c.componentType}→${c.resultComponentType} ${c.M}x${c.N}x${c.K}`)
      .join(', ');
    return {
      available: false,
      reason:
        'This adapter offers subgroup matrices, but none with f16 inputs and f32 results' +
        ` (it offers: ${offered || 'none listed'}).`,
    };
  }
  const subgroupSize = facts.subgroupMaxSize ?? 0;
  if (!(subgroupSize > 0)) {
    return { available: false, reason: 'This adapter does not report its subgroup size.' };
  }
  return { available: true, config, subgroupSize };
}

/** How the generated kernel is laid out. */
export interface SubgroupMatrixKernelOptions {
  config: SubgroupMatrixConfig;
  /** Invocations per workgroup: the adapter's largest subgroup size (Dawn requires a multiple). */
  subgroupSize: number;
  /** Result matrices per workgroup along rows and along columns (default 2 x 2). */
  tilesM?: number;
  tilesN?: number;
  /**
   * How loads and stores name their layout: `bool` (`subgroupMatrixLoad<T>(p, offset, false,
   * stride)`, the form this project's Dawn takes) or `template` (`subgroupMatrixLoad<T,
   * row_major>(p, offset, stride)`, Dawn's later spelling). Default `bool`.
   */
  layoutSyntax?: 'bool' | 'template';
}

/** Rows and columns of C one workgroup computes. */
export function blockOf(options: SubgroupMatrixKernelOptions): { rows: number; cols: number } {
  return {
    rows: (options.tilesM ?? 2) * options.config.M,
    cols: (options.tilesN ?? 2) * options.config.N,
  };
}

/** A shape padded up to whole workgroup blocks (m, n) and whole K steps (k). */
export function paddedShapeFor(
  shape: { m: number; n: number; k: number },
  options: SubgroupMatrixKernelOptions,
): { m: number; n: number; k: number } {
  const block = blockOf(options);
  const up = (value: number, step: number): number => Math.ceil(value / step) * step;
  return {
    m: up(shape.m, block.rows),
    n: up(shape.n, block.cols),
    k: up(shape.k, options.config.K),
  };
}

/** The WGSL of C = A·B with f16 A and B (row-major, padded) and f32 C on subgroup matrices. */
export function subgroupMatrixMatmulWgsl(options: SubgroupMatrixKernelOptions): string {
  const { config, subgroupSize } = options;
  const tilesM = options.tilesM ?? 2;
  const tilesN = options.tilesN ?? 2;
  requireInteger('subgroupSize', subgroupSize, 1);
  requireInteger('tilesM', tilesM, 1);
  requireInteger('tilesN', tilesN, 1);
  for (const [name, value] of [
    ['M', config.M],
    ['N', config.N],
    ['K', config.K],
  ] as const) {
    requireInteger(name, value, 1);
  }
  const { M, N, K } = config;
  const left = `subgroup_matrix_left<f16, ${K}, ${M}>`;
  const right = `subgroup_matrix_right<f16, ${N}, ${K}>`;
  const result = `subgroup_matrix_result<f32, ${N}, ${M}>`;
  const load = (type: string, buffer: string, offset: string, stride: string): string =>
    options.layoutSyntax === 'template'
      ? `subgroupMatrixLoad<${type}, row_major>(&${buffer}, ${offset}, ${stride})`
      : `subgroupMatrixLoad<${type}>(&${buffer}, ${offset}, false, ${stride})`;
  const store = (offset: string, value: string): string =>
    options.layoutSyntax === 'template'
      ? `subgroupMatrixStore<row_major>(&c, ${offset}, ${value}, dims.n)`
      : `subgroupMatrixStore(&c, ${offset}, ${value}, false, dims.n)`;
  const lines: string[] = [];
  const rows = [...Array(tilesM).keys()];
  const cols = [...Array(tilesN).keys()];
  for (const i of rows) for (const j of cols) lines.push(`  var acc_${i}_${j} = ${result}();`);
  lines.push(`  for (var k0 = 0u; k0 < dims.k; k0 = k0 + ${K}u) {`);
  for (const i of rows) {
    lines.push(
      `    let left_${i} = ${load(left, 'a', `(row0 + ${i * M}u) * dims.k + k0`, 'dims.k')};`,
    );
  }
  for (const j of cols) {
    lines.push(
      `    let right_${j} = ${load(right, 'b', `k0 * dims.n + col0 + ${j * N}u`, 'dims.n')};`,
    );
  }
  for (const i of rows) {
    for (const j of cols) {
      lines.push(
        `    acc_${i}_${j} = subgroupMatrixMultiplyAccumulate(left_${i}, right_${j}, acc_${i}_${j});`,
      );
    }
  }
  lines.push('  }');
  for (const i of rows) {
    for (const j of cols) {
      lines.push(`  ${store(`(row0 + ${i * M}u) * dims.n + col0 + ${j * N}u`, `acc_${i}_${j}`)};`);
    }
  }
  return [
    `// C = A·B on subgroup matrices (tensor cores): f16 inputs, f32 accumulation, ${M}x${N}x${K}`,
    `// per operation, ${tilesM} x ${tilesN} result matrices per workgroup of one subgroup.`,
    '// Generated by src/gpu/kernels/matmul-subgroup-matrix/matmul-subgroup-matrix.ts; dims are',
    '// the padded sizes. The runtime declares the buffers (dims, a, b, c) from',
    '// SUBGROUP_MATRIX_BINDINGS.',
    '',
    'enable f16;',
    'enable chromium_experimental_subgroup_matrix;',
    '',
    'struct PaddedDims { m: u32, n: u32, k: u32, unused: u32 }',
    '',
    `@compute @workgroup_size(${subgroupSize})`,
    'fn matmul_subgroup_matrix(@builtin(workgroup_id) group: vec3u) {',
    `  let row0 = group.y * ${tilesM * M}u;`,
    `  let col0 = group.x * ${tilesN * N}u;`,
    ...lines,
    '}',
    '',
  ].join('\n');
}
