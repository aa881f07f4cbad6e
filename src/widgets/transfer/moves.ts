/**
 * What the transfer simulator does when the learner moves or creates a tensor, written as the
 * PyTorch lines it runs in the shared session (so the console prints exactly what happened),
 * and how long the move is animated for.
 */
import type { DTypeName, SessionItem } from '../../torch';
import { DTYPES } from '../../torch';

/** The switches that shape a copy. */
export interface CopySwitches {
  /** Pin host memory before uploading. */
  pinned: boolean;
  nonBlocking: boolean;
}

/** Which way an item moves. */
export type MoveTarget = 'cuda' | 'cpu';

/** The PyTorch lines that move `item` to `target` under `switches`. */
export function moveLines(
  item: Pick<SessionItem, 'name' | 'kind' | 'pinned'>,
  target: MoveTarget,
  switches: CopySwitches,
): string[] {
  const nb = switches.nonBlocking ? ', non_blocking=True' : '';
  const { name } = item;
  if (target === 'cpu') return [`${name} = ${name}.to("cpu"${nb})`];
  const lines: string[] = [];
  if (item.kind === 'tensor' && switches.pinned && !item.pinned)
    lines.push(`${name} = ${name}.pin_memory()`);
  // clone() copies into ordinary (pageable) memory, so the upload really is pageable.
  if (item.kind === 'tensor' && !switches.pinned && item.pinned)
    lines.push(`${name} = ${name}.clone()`);
  lines.push(`${name} = ${name}.to("cuda"${nb})`);
  return lines;
}

/** Real time spent per second of modeled time in the animation. */
export const ANIMATION_SLOWDOWN = 1000;
/** Shortest animation, so even a tiny copy can be seen. */
export const MIN_ANIMATION_MS = 150;
/** Longest animation; slower copies are capped (and the view says so). */
export const MAX_ANIMATION_MS = 4000;

/** How long to animate a copy of `modeledSeconds`: proportional, within bounds, or 0 with reduced motion. */
export function animationMs(
  modeledSeconds: number,
  reducedMotion: boolean,
): { ms: number; capped: boolean } {
  if (reducedMotion) return { ms: 0, capped: false };
  const proportional = modeledSeconds * 1000 * ANIMATION_SLOWDOWN;
  return {
    ms: Math.min(MAX_ANIMATION_MS, Math.max(MIN_ANIMATION_MS, proportional)),
    capped: proportional > MAX_ANIMATION_MS,
  };
}

/** Names the simulator will not let a created tensor take over. */
const RESERVED_NAMES = new Set([
  'torch',
  'nn',
  'np',
  'numpy',
  'print',
  'len',
  'int',
  'float',
  'str',
  'bool',
  'list',
  'tuple',
  'help',
  'round',
  'abs',
  'device',
  'None',
  'True',
  'False',
  'and',
  'or',
  'not',
  'if',
  'else',
  'for',
  'in',
  'is',
  'del',
  'import',
  'from',
  'as',
  'lambda',
  'def',
  'class',
  'return',
  'with',
  'while',
  'pass',
]);

/** Most dimensions a created tensor may have. */
export const MAX_CREATE_DIMS = 6;

/** The form for a new tensor. */
export interface CreateRequest {
  name: string;
  shape: string;
  dtype: DTypeName;
  place: MoveTarget;
}

/** The line that creates the tensor, or a message saying what to fix. */
export function createLine(request: CreateRequest): { line: string } | { problem: string } {
  const name = request.name.trim();
  if (!/^[A-Za-z_]\w{0,30}$/.test(name))
    return {
      problem:
        'Give the tensor a Python name: letters, digits and _, not starting with a digit (at most 31 characters).',
    };
  if (RESERVED_NAMES.has(name))
    return { problem: `"${name}" is already taken by Python or PyTorch; pick another name.` };
  const parts = request.shape.split(/[,x×\s]+/).filter(Boolean);
  if (parts.length === 0 || parts.length > MAX_CREATE_DIMS)
    return {
      problem: `Write the shape as 1 to ${MAX_CREATE_DIMS} whole numbers separated by commas, e.g. 64, 128.`,
    };
  if (!parts.every((p) => /^\d{1,9}$/.test(p)))
    return { problem: 'Each size must be a whole number of at most nine digits, e.g. 64, 128.' };
  const dims = parts.map(Number).join(', ');
  const maker = DTYPES[request.dtype].kind === 'float' ? 'randn' : 'zeros';
  const device = request.place === 'cuda' ? ', device="cuda"' : '';
  return { line: `${name} = torch.${maker}(${dims}, dtype=torch.${request.dtype}${device})` };
}
