/** Copies shown crossing the link: one flight per console line that copied something. */
import type { TransferRecord } from '../../torch';
import { animationMs } from './moves';

/** A copy being animated across the link. */
export interface Flight {
  id: number;
  /** The tensor's name (a module's parameters fly as the module). */
  name: string;
  direction: 'h2d' | 'd2h';
  bytes: number;
  seconds: number;
  ms: number;
  capped: boolean;
  asynchronous: boolean;
}

/** The flight for the copies one line made, or null when it made none or motion is reduced. */
export function flightOf(
  id: number,
  copies: readonly TransferRecord[],
  reducedMotion: boolean,
): Flight | null {
  const last = copies[copies.length - 1];
  if (!last) return null;
  const bytes = copies.reduce((sum, c) => sum + c.bytes, 0);
  const seconds = copies.reduce((sum, c) => sum + c.seconds, 0);
  const { ms, capped } = animationMs(seconds, reducedMotion);
  if (ms <= 0) return null;
  const name = (last.label ?? 'tensor').replace(/\.(weight|bias)$/, '');
  return {
    id,
    name,
    direction: last.direction,
    bytes,
    seconds,
    ms,
    capped,
    asynchronous: last.asynchronous,
  };
}
