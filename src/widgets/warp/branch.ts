/**
 * Divergence, as the warp view counts it: which of a warp's 32 lanes take the if-path and which
 * the else-path under a branch rule (the divergence kernel's rules, for warp 0), and the SIMT
 * efficiency of the branch: lanes doing useful work over lane slots issued while the warp runs
 * each path that any lane takes. Pure.
 */
import {
  WARP_LANES,
  divergenceInput,
  takesIfPath,
  type BranchKind,
} from '../../compute/divergence-reference';

/** Lines of the if-path and of the else-path in the stepped kernel (kernel-steps.ts). */
export const PATH_LINES = { if: 2, else: 1 } as const;

/** One lane per entry, lane 0 first: true where the lane is active. */
export type LaneMask = readonly boolean[];

/** Both paths' masks for one warp under one rule. */
export interface BranchMasks {
  kind: BranchKind;
  ifMask: LaneMask;
  elseMask: LaneMask;
  /** The word each lane loaded (what the data rule tests). */
  data: readonly number[];
}

/** What a branch costs the warp. */
export interface BranchCost {
  /** Lanes on each path. */
  ifLanes: number;
  elseLanes: number;
  /** Lane slots issued: 32 per line of each path any lane takes. */
  issuedLaneSlots: number;
  /** Lane slots doing useful work. */
  activeLaneSlots: number;
  /** active / issued, 0..1. */
  simtEfficiency: number;
  /** Whether the warp runs both paths, one after the other. */
  diverges: boolean;
}

/** Lanes active in a mask. */
export function countActive(mask: LaneMask): number {
  return mask.filter(Boolean).length;
}

/** The masks of warp `warp` (0 by default) under `kind`. */
export function branchMasks(kind: BranchKind, warp = 0): BranchMasks {
  const ids = Array.from({ length: WARP_LANES }, (_, lane) => warp * WARP_LANES + lane);
  const data = ids.map(divergenceInput);
  const ifMask = ids.map((id, lane) => takesIfPath(kind, id, data[lane] as number));
  return { kind, ifMask, elseMask: ifMask.map((on) => !on), data };
}

/** The SIMT efficiency of the branch under `masks`. */
export function branchCost(masks: BranchMasks): BranchCost {
  const ifLanes = countActive(masks.ifMask);
  const elseLanes = countActive(masks.elseMask);
  const ifLines = ifLanes > 0 ? PATH_LINES.if : 0;
  const elseLines = elseLanes > 0 ? PATH_LINES.else : 0;
  const issuedLaneSlots = WARP_LANES * (ifLines + elseLines);
  const activeLaneSlots = ifLanes * ifLines + elseLanes * elseLines;
  return {
    ifLanes,
    elseLanes,
    issuedLaneSlots,
    activeLaneSlots,
    simtEfficiency: issuedLaneSlots > 0 ? activeLaneSlots / issuedLaneSlots : 1,
    diverges: ifLanes > 0 && elseLanes > 0,
  };
}
