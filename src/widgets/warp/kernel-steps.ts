/**
 * The short kernel the warp view steps through, line by line, with the lanes active at each
 * step: every lane for the straight-line code, each path's mask inside the branch (a path no
 * lane takes is skipped), every lane again once the paths meet. Pure.
 */
import { BRANCH_CONDITIONS, type BranchKind } from '../../compute/divergence-reference';
import type { BranchMasks, LaneMask } from './branch';

/** The kernel's lines; `{cond}` is the branch rule's condition. */
export const KERNEL_LINES = [
  'let lane = id % 32u;',
  'let x = data[id * STRIDE];',
  'if ({cond}) {',
  '  var y = x * 3u;',
  '  y = y + 1u;',
  '} else {',
  '  y = x >> 1u;',
  '}',
  'out[id] = y;',
] as const;

/** Which lanes run a line: all of them, or one path's. */
type StepMask = 'all' | 'if' | 'else';

/** The lines a warp issues, in order, with whose mask. */
const SCHEDULE: ReadonlyArray<{ line: number; mask: StepMask }> = [
  { line: 0, mask: 'all' },
  { line: 1, mask: 'all' },
  { line: 2, mask: 'all' },
  { line: 3, mask: 'if' },
  { line: 4, mask: 'if' },
  { line: 6, mask: 'else' },
  { line: 8, mask: 'all' },
];

/** Most steps a kernel can have (both paths taken). */
export const MAX_STEPS = SCHEDULE.length;

/** One step: the line issued and the lanes active. */
export interface KernelStep {
  /** Index into KERNEL_LINES. */
  line: number;
  active: LaneMask;
  /** What the step is, in words. */
  note: string;
}

/** The kernel's text under a rule. */
export function kernelText(kind: BranchKind): string[] {
  return KERNEL_LINES.map((line) => line.replace('{cond}', BRANCH_CONDITIONS[kind]));
}

/** The steps a warp issues under `masks`: a path with no lane on it is never issued. */
export function kernelSteps(masks: BranchMasks): KernelStep[] {
  const all: LaneMask = masks.ifMask.map(() => true);
  const maskOf = { all, if: masks.ifMask, else: masks.elseMask };
  const notes: Record<StepMask, string> = {
    all: 'every lane runs this line',
    if: 'if-path: lanes whose condition held run it, the others wait',
    else: 'else-path: the other lanes run it, the if-path lanes wait',
  };
  return SCHEDULE.filter(({ mask }) => maskOf[mask].some(Boolean)).map(({ line, mask }) => ({
    line,
    active: maskOf[mask],
    note: notes[mask],
  }));
}
