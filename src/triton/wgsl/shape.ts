/**
 * Index arithmetic on row-major power-of-two blocks as WGSL text: a flat element index (a `u32`
 * expression) to a coordinate, and the flat index a broadcast or a reduction reads.
 */

/** log2 of a power of two. */
export function log2(n: number): number {
  return Math.round(Math.log2(n));
}

/** Row-major strides of a shape. */
export function stridesOf(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length).fill(1);
  for (let i = shape.length - 2; i >= 0; i--)
    strides[i] = (strides[i + 1] as number) * (shape[i + 1] as number);
  return strides;
}

/** Coordinate `axis` of the flat index `idx` in `shape`, as a u32 expression. */
export function coord(idx: string, shape: readonly number[], axis: number): string {
  const size = shape[axis] as number;
  if (size === 1) return '0u';
  const stride = stridesOf(shape)[axis] as number;
  const shifted = stride === 1 ? `(${idx})` : `((${idx}) >> ${log2(stride)}u)`;
  return axis === 0 ? shifted : `(${shifted} & ${size - 1}u)`;
}

/** A sum of `coordinate * stride` terms as a u32 expression ("0u" when empty). */
function sumTerms(terms: string[]): string {
  return terms.length === 0
    ? '0u'
    : terms.length === 1
      ? (terms[0] as string)
      : `(${terms.join(' + ')})`;
}

/**
 * The flat index in `src` (same rank as `out`, size-1 dimensions stretched) of the element at the
 * flat index `idx` of `out`.
 */
export function broadcastIndex(
  idx: string,
  out: readonly number[],
  src: readonly number[],
): string {
  const strides = stridesOf(src);
  const terms: string[] = [];
  src.forEach((d, axis) => {
    if (d === 1) return;
    const s = strides[axis] as number;
    const c = coord(idx, out, axis);
    terms.push(s === 1 ? c : `(${c} << ${log2(s)}u)`);
  });
  return sumTerms(terms);
}

/**
 * For a reduction of `src` along `axis` to `out` (the axis removed, or kept with size 1): the flat
 * index in `src` of the first element the output at flat index `idx` combines, and the step
 * between its elements.
 */
export function reductionBase(
  idx: string,
  out: readonly number[],
  src: readonly number[],
  axis: number,
): { base: string; step: number; length: number } {
  const strides = stridesOf(src);
  const kept = out.length === src.length;
  const terms: string[] = [];
  src.forEach((_, d) => {
    if (d === axis) return;
    const outAxis = kept || d < axis ? d : d - 1;
    const s = strides[d] as number;
    if ((src[d] as number) === 1) return;
    const c = coord(idx, out, outAxis);
    terms.push(s === 1 ? c : `(${c} << ${log2(s)}u)`);
  });
  return { base: sumTerms(terms), step: strides[axis] as number, length: src[axis] as number };
}
