/**
 * What the ranking worker does with a request: puts the learner's machine in its own copy of the
 * catalog (the page's copy is not shared with a worker), ranks, and answers plain data. Pure but
 * for that catalog entry.
 */
import { myMachine, setMyMachine } from '../../engine/catalog';
import { rankPlan } from './ranking';
import type { RankRequest, RankResponse } from './rank-protocol';

/** The answer to one ranking request; never throws. */
export function answerRankRequest(request: RankRequest): RankResponse {
  try {
    if (myMachine() !== request.machine) setMyMachine(request.machine);
    return { id: request.id, ranking: rankPlan(request.base) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}
