/**
 * The WGSL every compiled kernel carries: the status report and its callers (out-of-bounds,
 * division by zero, loop trip counts against the budget), fp16 and tf32 rounding, NaN-aware
 * max and min, float-to-int conversion, and each tensor's bounds-checked accessors.
 */
import { STATUS, STATUS_CODE } from './abi';

/**
 * The bounds-checked accessors of tensor parameter `i` (`ld<i>`, `st<i>`, and `add<i>` when it is
 * updated atomically: a compare-exchange loop for floats); an access outside the tensor is
 * reported to the status buffer and skipped.
 */
export function accessHelpers(
  i: number,
  dtype: 'fp32' | 'fp16' | 'int32',
  atomic: boolean,
): string[] {
  const ty = dtype === 'int32' ? 'i32' : 'f32';
  const check = `if (off < 0i || u32(off) >= arrayLength(&t${i})) { oob(site, off, lane); return ${ty}(0); }`;
  const read = !atomic
    ? `t${i}[off]`
    : dtype === 'int32'
      ? `atomicLoad(&t${i}[off])`
      : `bitcast<f32>(atomicLoad(&t${i}[off]))`;
  const write = (v: string) =>
    !atomic
      ? `t${i}[off] = ${v};`
      : dtype === 'int32'
        ? `atomicStore(&t${i}[off], ${v});`
        : `atomicStore(&t${i}[off], bitcast<u32>(${v}));`;
  const lines = [
    `fn ld${i}(off: i32, site: u32, lane: u32) -> ${ty} { ${check} return ${read}; }`,
    `fn st${i}(off: i32, v: ${ty}, site: u32, lane: u32) { if (off < 0i || u32(off) >= arrayLength(&t${i})) { oob(site, off, lane); return; } ${write('v')} }`,
  ];
  if (atomic) {
    if (dtype === 'int32')
      lines.push(
        `fn add${i}(off: i32, v: i32, site: u32, lane: u32) -> i32 { ${check} return atomicAdd(&t${i}[off], v); }`,
      );
    else {
      const sum = dtype === 'fp16' ? 'r16(bitcast<f32>(old) + v)' : 'bitcast<f32>(old) + v';
      lines.push(
        `fn add${i}(off: i32, v: f32, site: u32, lane: u32) -> f32 {`,
        `  ${check}`,
        `  var old = atomicLoad(&t${i}[off]);`,
        '  for (var tries = 0u; tries < 1000000u; tries++) {',
        `    let r = atomicCompareExchangeWeak(&t${i}[off], old, bitcast<u32>(${sum}));`,
        '    if (r.exchanged) { break; }',
        '    old = r.old_value;',
        '  }',
        '  return bitcast<f32>(old);',
        '}',
      );
    }
  }
  return lines;
}

/** Helpers every shader carries, with the per-program loop budget `maxIterations`. */
export function prelude(maxIterations: number): string {
  return COMMON.replace('MAX_ITERATIONS', `${maxIterations}u`);
}

const COMMON = `var<private> g_pid: vec3<u32>;
fn report(code: u32, site: u32, a: u32, b: u32, c: u32) {
  if (atomicAdd(&status[${STATUS.count}], 1u) == 0u) {
    atomicStore(&status[${STATUS.code}], code);
    atomicStore(&status[${STATUS.site}], site);
    atomicStore(&status[${STATUS.pidX}], g_pid.x);
    atomicStore(&status[${STATUS.pidY}], g_pid.y);
    atomicStore(&status[${STATUS.pidZ}], g_pid.z);
    atomicStore(&status[${STATUS.a}], a);
    atomicStore(&status[${STATUS.b}], b);
    atomicStore(&status[${STATUS.c}], c);
  }
}
fn oob(site: u32, off: i32, lane: u32) { report(${STATUS_CODE.access}u, site, bitcast<u32>(off), lane, 0u); }
fn r16(x: f32) -> f32 { return unpack2x16float(pack2x16float(vec2<f32>(x, 0.0f))).x; }
fn rtf32(x: f32) -> f32 {
  let b = bitcast<u32>(x);
  if ((b & 0x7f800000u) == 0x7f800000u) { return x; }
  let r = (b + 0xfffu + ((b >> 13u) & 1u)) & 0xffffe000u;
  return bitcast<f32>(r);
}
fn f2i(x: f32) -> i32 {
  if (x != x) { return 0i; }
  if (x >= 2147483647.0f) { return 2147483647i; }
  if (x <= -2147483648.0f) { return bitcast<i32>(0x80000000u); }
  return i32(x);
}
fn fmax(a: f32, b: f32) -> f32 { if (a != a) { return b; } if (b != b) { return a; } return select(b, a, a >= b); }
fn fmin(a: f32, b: f32) -> f32 { if (a != a) { return b; } if (b != b) { return a; } return select(b, a, a <= b); }
fn idiv(a: i32, b: i32, site: u32) -> i32 {
  if (b == 0i) { report(${STATUS_CODE.division}u, site, 0u, 0u, 0u); return 0i; }
  if (b == -1i) { return -a; }
  return a / b;
}
fn imod(a: i32, b: i32, site: u32) -> i32 {
  if (b == 0i) { report(${STATUS_CODE.division}u, site, 0u, 0u, 0u); return 0i; }
  if (b == -1i) { return 0i; }
  return a % b;
}
fn trips(start: i32, stop: i32, step: i32, site: u32, used: u32) -> u32 {
  if (step == 0i) { report(${STATUS_CODE.zeroStep}u, site, bitcast<u32>(start), bitcast<u32>(stop), 0u); return 0xffffffffu; }
  var n = 0u;
  if (step > 0i && stop > start) {
    let d = bitcast<u32>(stop - start);
    let s = u32(step);
    n = d / s + select(0u, 1u, d % s != 0u);
  } else if (step < 0i && stop < start) {
    let d = bitcast<u32>(start - stop);
    let s = u32(-step);
    n = d / s + select(0u, 1u, d % s != 0u);
  }
  if (n > MAX_ITERATIONS - used) {
    report(${STATUS_CODE.loopBudget}u, site, n, used, bitcast<u32>(step));
    return 0xffffffffu;
  }
  return n;
}`;
