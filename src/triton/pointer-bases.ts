/**
 * Which tensor each pointer value points into, known at compile time: a pointer starts at a
 * tensor parameter and keeps its base through splat, expand_dims, broadcast, addptr, loops and a
 * `tl.where` between two pointers into the same tensor. A back end can then bind every load and
 * store to one buffer. Real Triton allows mixing tensors (a pointer is an address); the subset
 * refuses it here, with the line.
 */
import type { BlockType } from './dtype';
import { isPointer } from './dtype';
import { unsupported } from './errors';
import type { IRParam, Op, ValueId } from './ir';

/** For every value, the index of the tensor parameter it points into, or -1 (not a pointer). */
export function pointerBases(
  types: readonly BlockType[],
  params: readonly IRParam[],
  body: readonly Op[],
): number[] {
  const bases = new Array<number>(types.length).fill(-1);
  const name = (base: number) => params[base]?.name ?? `parameter ${base}`;
  const walk = (ops: readonly Op[]) => {
    for (const op of ops) {
      switch (op.op) {
        case 'param':
          if (isPointer((types[op.out] as BlockType).dtype)) bases[op.out] = op.index;
          break;
        case 'splat':
        case 'expand_dims':
        case 'broadcast':
          bases[op.out] = bases[op.src] as number;
          break;
        case 'addptr':
          bases[op.out] = bases[op.ptr] as number;
          break;
        case 'where': {
          const l = bases[op.lhs] as number;
          const r = bases[op.rhs] as number;
          if (l !== r)
            throw unsupported(
              op.line,
              `tl.where between pointers into two tensors (${name(l)} and ${name(r)})`,
              'Load from each tensor and pick between the values.',
            );
          bases[op.out] = l;
          break;
        }
        case 'for':
          op.carried.forEach((c, i) => {
            bases[c] = bases[op.inits[i] as ValueId] as number;
          });
          walk(op.body);
          op.carried.forEach((c, i) => {
            const y = bases[op.yields[i] as ValueId] as number;
            if (y !== bases[c])
              throw unsupported(
                op.line,
                `A loop-carried pointer that moves from ${name(bases[c] as number)} to ${name(y)}`,
              );
            bases[op.results[i] as ValueId] = y;
          });
          break;
        default:
          break;
      }
    }
  };
  walk(body);
  return bases;
}
