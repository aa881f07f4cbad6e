/** The messages between the planner and its ranking worker. Types only. */
import type { MyMachineEntry } from '../../engine/catalog';
import type { PlanBase } from '../../engine/models';
import type { Ranking } from './ranking';

/** Rank every layout of `base` (with the learner's machine in the catalog, if entered). */
export interface RankRequest {
  id: number;
  base: PlanBase;
  machine: MyMachineEntry | null;
}

/** The ranking of request `id`, or why there is none. */
export type RankResponse = { id: number; ranking: Ranking } | { id: number; error: string };
