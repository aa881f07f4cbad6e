/** A host-device copy the session made, with its modeled duration. */
import type { LinkId, TransferDirection } from '../engine/catalog';

/** One copy between host and GPU memory. */
export interface TransferRecord {
  id: number;
  /** The variable the copied tensor was named by, when one was. */
  label: string | null;
  bytes: number;
  direction: TransferDirection;
  /** Whether the host side is pinned (page-locked) memory. */
  pinned: boolean;
  nonBlocking: boolean;
  /** True when the copy is asynchronous to the host: pinned and non_blocking. */
  asynchronous: boolean;
  link: LinkId;
  /** Modeled duration on `link`, from the cost engine. */
  seconds: number;
}
