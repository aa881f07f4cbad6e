/**
 * The product loop of a `tl.dot` whose operands are already staged in workgroup memory (`tileA`
 * as vec4s along K, `tileB` as f32), for the layouts where each invocation owns whole columns of
 * the M × N result: a workgroup of W invocations owns element `lid + j·W` of the block, so when W
 * is a multiple of N an invocation owns one column (and every (W/N)-th row), and when N is a
 * multiple of W it owns N / W columns of every row. Pure text generation.
 */
import { log2 } from './shape';

/** The product's shape and the workgroup. */
export interface DotShape {
  M: number;
  N: number;
  K: number;
  /** Invocations per workgroup. */
  W: number;
  /** Result elements each invocation owns: M·N / W. */
  slots: number;
}

/** One fma chain over four k-steps: `acc + a.x·b.x + … + a.w·b.w`. */
const fma4 = (a: string, b: string, acc: string) =>
  `fma(${a}.w, ${b}.w, fma(${a}.z, ${b}.z, fma(${a}.y, ${b}.y, fma(${a}.x, ${b}.x, ${acc}))))`;

/** Four k-steps of column `n` of B as a vec4 (`k` is the loop's first k). */
const bColumn = (N: number, n: string) =>
  `vec4<f32>(tileB[k * ${N}u + ${n}], tileB[(k + 1u) * ${N}u + ${n}], tileB[(k + 2u) * ${N}u + ${n}], tileB[(k + 3u) * ${N}u + ${n}])`;

/**
 * The statements that fill private array `out` (declared by the caller) with the product plus the
 * accumulator, whose element `e` is `accAt` (an expression of `e`); null when neither
 * owned-column layout applies (the caller then computes element by element).
 */
export function dotLoopLines(shape: DotShape, out: string, accAt: string): string[] | null {
  const { M, N, K, W, slots } = shape;
  if (M * N < W || K % 4 !== 0) return null;
  const init = `for (var j = 0u; j < ${slots}u; j++) { let e = lid + j * ${W}u; ${out}[j] = ${accAt}; }`;
  if (W % N === 0) {
    // One column n and rows r0, r0 + W/N, ...: one B element per k serves every row it owns.
    return [
      '{',
      `  let n = lid & ${N - 1}u;`,
      `  let r0 = lid >> ${log2(N)}u;`,
      `  ${init}`,
      `  for (var k = 0u; k < ${K}u; k += 4u) {`,
      `    let b = ${bColumn(N, 'n')};`,
      `    for (var j = 0u; j < ${slots}u; j++) {`,
      `      let av = tileA[(r0 + j * ${W / N}u) * ${K / 4}u + (k >> 2u)];`,
      `      ${out}[j] = ${fma4('av', 'b', `${out}[j]`)};`,
      '    }',
      '  }',
      '}',
    ];
  }
  if (N % W === 0) {
    // A workgroup narrower than the tile: columns lid, lid + W, ... of every row, so one load of
    // a row's four A values serves all of them.
    const cols = N / W;
    const lines = ['{', `  ${init}`, `  for (var k = 0u; k < ${K}u; k += 4u) {`];
    for (let c = 0; c < cols; c++) lines.push(`    let b${c} = ${bColumn(N, `lid + ${c * W}u`)};`);
    lines.push(`    for (var m = 0u; m < ${M}u; m++) {`);
    lines.push(`      let av = tileA[m * ${K / 4}u + (k >> 2u)];`);
    for (let c = 0; c < cols; c++) {
      const slot = `${out}[${cols === 1 ? 'm' : `m * ${cols}u + ${c}u`}]`;
      lines.push(`      ${slot} = ${fma4('av', `b${c}`, slot)};`);
    }
    lines.push('    }', '  }', '}');
    return lines;
  }
  return null;
}
