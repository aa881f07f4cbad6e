/**
 * The status buffer a compiled kernel writes (the first error of a launch: code, site, program,
 * details) turned back into the interpreter's `TritonError`, message for message.
 */
import { TritonError, formatShape } from '../errors';
import type { KernelIR } from '../ir';
import { formatCount } from '../limits';
import { type CompiledWgsl, STATUS, STATUS_CODE } from './abi';

function laneIndex(i: number, shape: readonly number[]): string {
  if (shape.length === 1) return String(i);
  const idx: number[] = [];
  let rest = i;
  for (let d = shape.length - 1; d >= 0; d--) {
    idx.unshift(rest % (shape[d] as number));
    rest = Math.floor(rest / (shape[d] as number));
  }
  return `(${idx.join(', ')})`;
}

/**
 * The error a status buffer records, or null when the launch ran clean. `lengths[i]` is the
 * element count of parameter i's tensor (0 for scalars).
 */
export function describeStatus(
  words: Uint32Array,
  compiled: CompiledWgsl,
  ir: KernelIR,
  lengths: readonly number[],
): TritonError | null {
  if ((words[STATUS.count] ?? 0) === 0) return null;
  const code = words[STATUS.code] as number;
  const site = compiled.sites[words[STATUS.site] as number];
  const pid = `(${words[STATUS.pidX]}, ${words[STATUS.pidY]}, ${words[STATUS.pidZ]})`;
  const a = words[STATUS.a] as number;
  const b = words[STATUS.b] as number;
  if (!site)
    return new TritonError(
      'runtime',
      null,
      `the GPU reported error code ${code} at an unknown site`,
    );
  if (code === STATUS_CODE.access && site.kind === 'access') {
    const off = a | 0;
    const length = lengths[site.param] ?? 0;
    const name = ir.params[site.param]?.name ?? `parameter ${site.param}`;
    const lane =
      site.shape.length === 0
        ? 'a scalar access'
        : `lane ${laneIndex(b, site.shape)} of a ${formatShape(site.shape)} block`;
    const verb = site.op === 'load' ? 'reads' : 'writes';
    const where = off < 0 ? 'before its first element' : `past the end of its ${length} elements`;
    const masked = site.masked ? 'the mask lets this lane through' : `this ${site.op} has no mask`;
    return new TritonError(
      'runtime',
      site.line,
      `tl.${site.op} in program ${pid} ${verb} ${name} at offset ${off}, ${where} (${lane}; ${masked})`,
      site.masked
        ? 'The mask must be false for every lane outside the tensor: check the bound it compares with.'
        : `Mask the lanes outside the tensor: mask = offsets < n, then tl.${site.op}(..., mask=mask).`,
    );
  }
  if (code === STATUS_CODE.division && site.kind === 'division')
    return new TritonError(
      'runtime',
      site.line,
      `program ${pid} divides an integer by zero (${site.symbol})`,
    );
  if (code === STATUS_CODE.zeroStep)
    return new TritonError('runtime', site.line, `program ${pid}: range() step is zero`);
  if (code === STATUS_CODE.loopBudget)
    return new TritonError(
      'budget',
      site.line,
      `the loop in program ${pid} would run ${formatCount(a)} iterations, past the GPU back end's budget of ${formatCount(compiled.maxIterations)} loop iterations per program (${formatCount(b)} used before it)`,
      'Check the loop bounds, or raise maxIterations.',
    );
  return new TritonError('runtime', site.line, `the GPU reported error code ${code}`);
}
