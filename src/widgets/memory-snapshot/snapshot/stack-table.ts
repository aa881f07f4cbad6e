/**
 * Interning stack traces while reading a snapshot: PyTorch writes each distinct stack once and
 * refers to it many times (the pickle's memo), so identical lists map to one id. Pure.
 */
import { isDict, isList, type PyValue } from '../pickle/values';
import type { StackFrame, StackTable } from './types';

/** Builds a {@link StackTable} from the frame lists met while reading. */
export class StackInterner {
  private readonly stacks: StackFrame[][] = [[]];
  private readonly byList = new WeakMap<object, number>();

  /** The id of the stack `value` holds (a list of frame dicts); 0 for none or empty. */
  idOf(value: PyValue | undefined): number {
    if (!isList(value) || value.length === 0) return 0;
    const known = this.byList.get(value);
    if (known !== undefined) return known;
    const frames = value.map(toFrame).filter((f): f is StackFrame => f !== null);
    const id = frames.length === 0 ? 0 : this.stacks.push(frames) - 1;
    this.byList.set(value, id);
    return id;
  }

  /** The table built so far. */
  table(): StackTable {
    return { stacks: this.stacks };
  }
}

/** A frame dict as a StackFrame; null when it is not one. */
function toFrame(value: PyValue): StackFrame | null {
  if (!isDict(value)) return null;
  const filename = value.get('filename');
  const name = value.get('name');
  const line = value.get('line');
  return {
    filename: typeof filename === 'string' ? filename : '??',
    name: typeof name === 'string' ? name : '??',
    line: typeof line === 'number' ? line : 0,
  };
}
